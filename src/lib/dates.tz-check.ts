// Run by dates.test.ts under several TZ values: prints how calendar dates format there.
import { formatCalendarDate } from './dates.ts';

const days = ['2026-01-01', '2026-05-01', '2026-12-31'];
process.stdout.write(
  JSON.stringify({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    en: days.map((day) => formatCalendarDate(day, 'en')),
    fr: days.map((day) => formatCalendarDate(day, 'fr')),
  }),
);

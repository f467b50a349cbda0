import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatCalendarDate, parseCalendarDate, todayCalendarDate } from './dates';

describe('calendar dates', () => {
  it('parses YYYY-MM-DD as a local date, ignoring a time part', () => {
    const date = parseCalendarDate('2026-05-01T23:30:00Z');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 4, 1]);
  });

  it('rejects what is not a real calendar date', () => {
    expect(parseCalendarDate('2026-02-31')).toBeNull();
    expect(parseCalendarDate('01/05/2026')).toBeNull();
    expect(parseCalendarDate(null)).toBeNull();
  });

  it('formats in the language of the screen and keeps unparseable text as is', () => {
    expect(formatCalendarDate('2026-05-01', 'en')).toBe('May 1, 2026');
    expect(formatCalendarDate('2026-05-01', 'fr')).toBe('1 mai 2026');
    expect(formatCalendarDate('soon', 'fr')).toBe('soon');
  });

  it('gives today in local time', () => {
    expect(todayCalendarDate(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });

  // The process's time zone is fixed at start-up, so each zone runs in its own Node process.
  it.each(['Pacific/Honolulu', 'Pacific/Kiritimati', 'UTC'])(
    'never shifts the day in %s (UTC-10 to UTC+14)',
    (zone) => {
      const script = fileURLToPath(new URL('./dates.tz-check.ts', import.meta.url));
      const output = execFileSync(process.execPath, ['--experimental-strip-types', '--no-warnings', script], {
        env: { ...process.env, TZ: zone },
        encoding: 'utf8',
      });
      expect(JSON.parse(output)).toEqual({
        zone,
        en: ['January 1, 2026', 'May 1, 2026', 'December 31, 2026'],
        fr: ['1 janvier 2026', '1 mai 2026', '31 décembre 2026'],
      });
    },
  );
});

import fc from 'fast-check';
import { parseCalendarDate } from '@/lib/dates';
import { anyText, junkQuery, urlJunk } from '../../../../test/url-arbitraries';
import { DEFAULT_EVENTS_VIEW, readEventsView, writeEventsView, type EventsView } from './events-view';

const PARAMS = { from: 'from', to: 'to', updatedSince: 'updated', q: 'q', sort: 'sort' } as const;
const FIELDS = Object.keys(PARAMS) as (keyof EventsView)[];

const calendarDate = fc
  .date({ min: new Date(Date.UTC(100, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const validView: fc.Arbitrary<EventsView> = fc.record({
  from: fc.oneof(fc.constant(''), calendarDate),
  to: fc.oneof(fc.constant(''), calendarDate),
  updatedSince: fc.oneof(fc.constant(''), calendarDate),
  q: anyText(),
  sort: fc.constantFrom('date', 'name'),
});

function expectWellFormed(view: EventsView) {
  expect(Object.keys(view).sort()).toEqual([...FIELDS].sort());
  for (const date of [view.from, view.to, view.updatedSince]) {
    expect(date === '' || (/^\d{4}-\d{2}-\d{2}$/.test(date) && parseCalendarDate(date) !== null)).toBe(true);
  }
  expect(typeof view.q).toBe('string');
  expect(['date', 'name']).toContain(view.sort);
}

describe('events view in the URL', () => {
  it('round-trips a view and writes nothing for the default', () => {
    const view: EventsView = {
      from: '2026-05-01',
      to: '2026-06-30',
      updatedSince: '2026-01-31',
      q: 'zoë & co',
      sort: 'name',
    };
    expect(readEventsView(writeEventsView(view))).toEqual(view);
    expect(writeEventsView(DEFAULT_EVENTS_VIEW).toString()).toBe('');
  });

  it('drops a date that is not a real day, which the API would refuse, and keeps the rest', () => {
    expect(
      readEventsView(new URLSearchParams('from=2026-02-30&to=2026-13-01&updated=2026-1-5&q=run')),
    ).toEqual({
      ...DEFAULT_EVENTS_VIEW,
      q: 'run',
    });
    expect(readEventsView(new URLSearchParams('from=2028-02-29&sort=name&sort=date'))).toEqual({
      ...DEFAULT_EVENTS_VIEW,
      from: '2028-02-29',
      sort: 'name',
    });
  });

  it('reads any query string without throwing, as a well-formed view', () => {
    fc.assert(
      fc.property(junkQuery(Object.values(PARAMS)), (query) => {
        const view = readEventsView(new URLSearchParams(query));
        expectWellFormed(view);
        expect(readEventsView(writeEventsView(view))).toEqual(view);
      }),
    );
  });

  it.each(FIELDS)('reads any value of %s without throwing, and keeps the other parameters', (field) => {
    fc.assert(
      fc.property(validView, urlJunk, (view, junk) => {
        const params = writeEventsView(view);
        params.set(PARAMS[field], junk);
        const read = readEventsView(params);
        expectWellFormed(read);
        expect({ ...read, [field]: view[field] }).toEqual(view);
      }),
    );
  });

  it('reads back every valid view it writes, whatever a repeated parameter adds', () => {
    fc.assert(
      fc.property(validView, fc.constantFrom(...Object.values(PARAMS)), urlJunk, (view, name, junk) => {
        expect(readEventsView(writeEventsView(view))).toEqual(view);
        const params = writeEventsView(view);
        if (params.has(name)) {
          params.append(name, junk);
          expect(readEventsView(params)).toEqual(view);
        }
      }),
    );
  });
});

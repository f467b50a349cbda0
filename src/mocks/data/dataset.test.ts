import { DEMO_EVENT_IDS, EVENT_SPECS } from './catalog';
import { getDemoDataset, resetDemoData } from './dataset';
import { asciiFold } from './people';
import { TRICKY_ANSWERS } from './tricky-answers';
import type { RawRegistration } from './types';

const TODAY = '2026-11-22';

afterEach(() => resetDemoData());

function answersOf(rows: readonly RawRegistration[]): string[] {
  return rows.flatMap((row) => row.custom_questions.map((answer) => answer.reponse));
}

describe('demo dataset', () => {
  it('is identical from one build to the next', () => {
    const first = getDemoDataset(TODAY);
    const events = JSON.stringify(first.eventsOf('alpine'));
    const rows = JSON.stringify(first.registrationsOf(1002));
    resetDemoData();
    const second = getDemoDataset(TODAY);
    expect(second).not.toBe(first);
    expect(JSON.stringify(second.eventsOf('alpine'))).toBe(events);
    expect(JSON.stringify(second.registrationsOf(1002))).toBe(rows);
  });

  it('keeps ids, names and statuses when only the reference date changes', () => {
    const strip = (rows: RawRegistration[]) =>
      rows.map(({ created_at: _c, updated_at: _u, order_id: _o, ...rest }) => rest);
    const a = strip(getDemoDataset('2026-11-22').registrationsOf(1004));
    const b = strip(getDemoDataset('2030-03-01').registrationsOf(1004));
    expect(b).toEqual(a);
  });

  it('spreads fourteen events over two promoters, past and future', () => {
    const dataset = getDemoDataset(TODAY);
    const alpine = dataset.eventsOf('alpine').map((record) => record.event);
    const coastal = dataset.eventsOf('coastal').map((record) => record.event);
    expect(alpine.length + coastal.length).toBe(14);
    expect(dataset.eventsOf('empty')).toEqual([]);
    expect(alpine.some((event) => event.eve_date_debut < TODAY)).toBe(true);
    expect(alpine.some((event) => event.eve_date_debut > TODAY)).toBe(true);
    expect(dataset.findEvent(DEMO_EVENT_IDS.today)?.event.eve_date_debut).toBe(TODAY);
    expect(dataset.findEvent(DEMO_EVENT_IDS.nullEnglish)?.event.eve_lieu_en).toBeNull();
    const nullCategory = dataset.findEvent(DEMO_EVENT_IDS.nullEnglish)?.event.categories;
    expect(nullCategory?.some((category) => category.epr_nom_en === null)).toBe(true);
    for (const spec of EVENT_SPECS) {
      expect(spec.categories.length).toBeGreaterThanOrEqual(2);
      expect(spec.categories.length).toBeLessThanOrEqual(6);
      expect(spec.questions.length).toBeLessThanOrEqual(4);
    }
  });

  it('generates exactly 25,000 registrations for the large event, quickly', () => {
    const started = performance.now();
    const rows = getDemoDataset(TODAY).registrationsOf(DEMO_EVENT_IDS.largeMarathon);
    expect(performance.now() - started).toBeLessThan(1500); // generous for slow CI
    expect(rows).toHaveLength(25_000);
    const ids = rows.map((row) => row.registration_id);
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? Infinity))).toBe(true);
    expect(getDemoDataset(TODAY).registrationsOf(DEMO_EVENT_IDS.largeMarathon)).toBe(rows);
  });

  it('is mostly paid, with every other status present', () => {
    const rows = getDemoDataset(TODAY).registrationsOf(DEMO_EVENT_IDS.largeMarathon);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.payment_status, (counts.get(row.payment_status) ?? 0) + 1);
    expect((counts.get('paid') ?? 0) / rows.length).toBeGreaterThan(0.75);
    for (const status of ['pending', 'refunded', 'cancelled', 'free']) {
      expect(counts.get(status) ?? 0).toBeGreaterThan(0);
    }
  });

  it('has an event without registrations', () => {
    expect(getDemoDataset(TODAY).registrationsOf(DEMO_EVENT_IDS.noRegistrations)).toEqual([]);
  });

  it('puts every tricky answer in the small event and sprinkles them in the large one', () => {
    const dataset = getDemoDataset(TODAY);
    const small = answersOf(dataset.registrationsOf(DEMO_EVENT_IDS.trickySmall));
    for (const tricky of TRICKY_ANSWERS) expect(small).toContain(tricky);
    const large = answersOf(dataset.registrationsOf(DEMO_EVENT_IDS.largeMarathon));
    const found = large.filter((answer) => TRICKY_ANSWERS.includes(answer));
    expect(new Set(found).size).toBe(TRICKY_ANSWERS.length);
    expect(found.length).toBeGreaterThan(40);
  });

  it('has realistic, varied names and matching e-mail addresses', () => {
    const rows = getDemoDataset(TODAY).registrationsOf(DEMO_EVENT_IDS.largeMarathon);
    const names = rows.map((row) => `${row.first_name} ${row.last_name}`).join('\n');
    for (const pattern of [/[éèëï]/, /'/, /-/, /[\u4e00-\u9fff]/, /[а-я]/i, /[\u0600-\u06ff]/, /[α-ω]/i]) {
      expect(names).toMatch(pattern);
    }
    for (const row of rows.slice(0, 500)) {
      expect(row.email).toMatch(/^[a-z0-9.]+@example\.(com|org|net)$/);
      expect(row.order_id).toMatch(/^ORD-\d{4}-\d{6}$/);
    }
    expect(asciiFold("Zoë D'Amour-Großmann")).toBe('zoedamourgrossmann');
  });

  it('answers by que_id, even where two questions share their French text', () => {
    const dataset = getDemoDataset(TODAY);
    const record = dataset.findEvent(DEMO_EVENT_IDS.sharedQuestionText);
    const questions = record?.questions ?? [];
    const french = questions.map((question) => question.fr);
    expect(new Set(french).size).toBeLessThan(french.length);
    expect(new Set(questions.map((question) => question.que_id)).size).toBe(questions.length);
    const row = dataset.registrationsOf(DEMO_EVENT_IDS.sharedQuestionText)[0];
    expect(row?.custom_questions.map((answer) => answer.que_id)).toEqual(
      questions.map((question) => question.que_id),
    );
  });

  it('dates every change strictly before the reference date', () => {
    const dataset = getDemoDataset(TODAY);
    for (const record of dataset.eventsOf('alpine')) {
      expect(record.event.updated_at < `${TODAY}T00:00:00.000Z`).toBe(true);
      const rows = dataset.registrationsOf(record.spec.id);
      expect(rows.every((row) => row.updated_at < TODAY && row.created_at <= row.updated_at)).toBe(true);
    }
  });

  it('gives the league account 20 events and 500,000 registrations, past and upcoming, orders apart', () => {
    const dataset = getDemoDataset(TODAY);
    const league = dataset.eventsOf('league');
    expect(league).toHaveLength(20);
    expect(league.every((record) => record.spec.id > 2000 && record.spec.id < 2100)).toBe(true);
    expect(league.reduce((sum, record) => sum + record.spec.registrations, 0)).toBe(500_000);
    const sizes = league.map((record) => record.spec.registrations);
    expect(sizes.filter((size) => size >= 60_000)).toHaveLength(2);
    expect(sizes.filter((size) => size >= 20_000 && size <= 40_000).length).toBeGreaterThanOrEqual(5);
    expect(sizes.filter((size) => size < 1_000).length).toBeGreaterThanOrEqual(3);
    expect(league.some((record) => record.event.eve_date_debut < TODAY)).toBe(true);
    expect(league.some((record) => record.event.eve_date_debut > TODAY)).toBe(true);
    // Two small events generated: their order numbers do not meet, nor any other event's.
    const orders = (eventId: number) =>
      new Set(dataset.registrationsOf(eventId).map((row) => row.order_id.slice(9)));
    const [a, b] = [orders(2019), orders(2020)];
    expect([...a].some((order) => b.has(order))).toBe(false);
    expect([...orders(1030)].some((order) => a.has(order) || b.has(order))).toBe(false);
  });

  it('rejects an invalid reference date', () => {
    expect(() => getDemoDataset('2026-02-30')).toThrow(/Invalid reference date/);
  });
});

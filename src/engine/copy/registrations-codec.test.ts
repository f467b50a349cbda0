import { pageRegistration } from '@/engine/api/page-registration';
import { REGISTRATION_FIELDS } from '@/engine/api/registration-fields';
import fc from 'fast-check';
import { registrationSchema, type Registration } from '@/engine/api/registration-schemas';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { deriveDeviceKey, newDeviceSalt } from './device-key';
import { recordAad, sealRecord } from './record-crypto';
import {
  buildQuestionTable,
  decodeEncodedRows,
  decodeRegistrationChunk,
  encodeRegistrationChunk,
  type DeviceRegistration,
  rowsOnly,
} from './registrations-codec';

const TODAY = '2025-06-01';

// The app's parsed registrations fit the structural type of the device copy.
const asDeviceRows = (rows: Registration[]): DeviceRegistration[] => rows;

function parsedDemoRows(eventId: number): DeviceRegistration[] {
  const raw = getDemoDataset(TODAY).registrationsOf(eventId);
  return asDeviceRows(raw.map((row) => registrationSchema.parse(row)));
}

function roundTrip(rows: DeviceRegistration[]): DeviceRegistration[] {
  const table = buildQuestionTable(rows);
  const json = JSON.parse(JSON.stringify(table)) as typeof table; // the table is stored as JSON
  return decodeRegistrationChunk(encodeRegistrationChunk(rows, table), json);
}

describe('registrations codec', () => {
  it('round-trips the 25,000 registrations of the large demo event exactly, and measures them', async () => {
    const rows = parsedDemoRows(DEMO_EVENT_IDS.largeMarathon);
    expect(rows).toHaveLength(25_000);
    const table = buildQuestionTable(rows);
    expect(table.order).toHaveLength(4);

    let encodedBytes = 0;
    let sealedBytes = 0;
    const decoded: DeviceRegistration[] = [];
    const key = await deriveDeviceKey('demo-key', newDeviceSalt(), 'https://demo.example');
    for (let start = 0; start < rows.length; start += 5_000) {
      const bytes = encodeRegistrationChunk(rows.slice(start, start + 5_000), table);
      encodedBytes += bytes.byteLength;
      const place = { schemaVersion: 1, copyId: 'x', eventId: 1001, index: start / 5_000, generation: 1 };
      sealedBytes += (await sealRecord(key, recordAad({ ...place, kind: 'registrations' }), bytes))
        .byteLength;
      decoded.push(...decodeRegistrationChunk(bytes, table));
    }
    expect(decoded).toStrictEqual(rows);

    const rawBytes = new TextEncoder().encode(JSON.stringify(rows)).byteLength;
    const tableBytes = new TextEncoder().encode(JSON.stringify(table)).byteLength;
    const perThousand = (bytes: number) => Math.round((bytes / rows.length) * 1_000);
    console.info(
      `Device copy, event ${DEMO_EVENT_IDS.largeMarathon} (${rows.length} rows): raw JSON ${rawBytes} B ` +
        `(${perThousand(rawBytes)} B / 1,000), encoded ${encodedBytes} B (${perThousand(encodedBytes)} B / 1,000) ` +
        `+ question table ${tableBytes} B, sealed ${sealedBytes} B (${perThousand(sealedBytes)} B / 1,000)`,
    );
    expect(encodedBytes).toBeLessThan(rawBytes * 0.5);
    expect(sealedBytes - encodedBytes).toBe(5 * 28); // IV + tag per chunk
  });

  it('round-trips every demo event exactly (tricky answers, no questions, no registrations)', () => {
    for (const eventId of [
      DEMO_EVENT_IDS.trickySmall,
      DEMO_EVENT_IDS.emptyEnglishPlace,
      DEMO_EVENT_IDS.nullEnglish,
      DEMO_EVENT_IDS.printable,
    ]) {
      const rows = parsedDemoRows(eventId);
      expect(roundTrip(rows)).toStrictEqual(rows);
    }
    expect(roundTrip([])).toStrictEqual([]);
  });

  it('keeps absent and null fields, extra fields, and answers that do not follow the event questions', () => {
    const base = {
      registration_id: 1,
      event_id: 7,
      first_name: 'Ana',
      last_name: 'Lopes',
      email: 'ana@example.org',
      category_id: 3,
      order_id: 'A-1',
      payment_status: 'paid',
    };
    const q1 = { que_id: 10, que_question_fr: 'Taille ?', que_question_en: 'Size?', reponse: 'M' };
    const q2 = { que_id: 11, que_question_fr: 'Club ?', que_question_en: 'Club?', reponse: null };
    const rows: DeviceRegistration[] = [
      { ...base, custom_questions: [q1, q2] },
      { ...base, registration_id: 2, custom_questions: [q2, q1] }, // other order
      { ...base, registration_id: 3, custom_questions: [q1] }, // one missing
      {
        ...base,
        registration_id: 4,
        custom_questions: [{ ...q1, que_question_fr: 'Taille du t-shirt ?' }, q2],
      },
      { ...base, registration_id: 5, custom_questions: [{ ...q1, note: { x: [1, null] } }, q2] }, // extra on answer
      {
        ...base,
        registration_id: 6,
        custom_questions: [],
        created_at: '2025-01-01T00:00:00Z',
        tags: ['a', 2],
      },
      {
        registration_id: 7,
        first_name: null,
        last_name: null,
        email: null,
        order_id: null,
        payment_status: null,
        custom_questions: [],
      },
      { ...base, registration_id: 8, event_id: null, category_id: null, custom_questions: [q1, q2] },
      {
        ...base,
        registration_id: 9,
        custom_questions: [{ que_id: 12, que_question_fr: null, que_question_en: null, reponse: '' }],
      },
    ];
    const read = roundTrip(rows);
    expect(read).toStrictEqual(rows);
    // Fields come back in the order they were saved in, a row with every field (one literal) too.
    expect(read.map((row) => Object.keys(row))).toEqual(rows.map((row) => Object.keys(row)));
  });

  it('round-trips arbitrary rows (property)', () => {
    const text = fc.option(fc.string(), { nil: null });
    const answer = fc.record(
      {
        que_id: fc.integer({ min: 1, max: 4 }),
        que_question_fr: text,
        que_question_en: text,
        reponse: text,
        extra: fc.jsonValue(),
      },
      { requiredKeys: ['que_id', 'que_question_fr', 'que_question_en', 'reponse'] },
    );
    const row = fc.record(
      {
        registration_id: fc.integer(),
        event_id: fc.option(fc.integer(), { nil: null }),
        first_name: text,
        last_name: text,
        email: text,
        category_id: fc.option(fc.integer(), { nil: null }),
        order_id: text,
        payment_status: text,
        custom_questions: fc.array(answer, { maxLength: 4 }),
        created_at: fc.string(),
        nested: fc.jsonValue(),
      },
      {
        requiredKeys: [
          'registration_id',
          'first_name',
          'last_name',
          'email',
          'order_id',
          'payment_status',
          'custom_questions',
        ],
      },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        // JSON values only (as from the API): -0 reads back as 0 in JSON.
        const normalized = JSON.parse(JSON.stringify(rows)) as DeviceRegistration[];
        expect(roundTrip(normalized)).toStrictEqual(normalized);
      }),
    );
  });

  it('reads equal answers of a chunk as one object, each still saying what it said', () => {
    const rows = parsedDemoRows(DEMO_EVENT_IDS.largeMarathon).slice(0, 1_000);
    const questions = buildQuestionTable(rows);
    const decoded = decodeRegistrationChunk(encodeRegistrationChunk(rows, questions), questions);
    expect(decoded).toStrictEqual(rows);
    const objects = new Set(decoded.flatMap((row) => row.custom_questions));
    const answers = decoded.reduce((sum, row) => sum + row.custom_questions.length, 0);
    const distinct = new Set(
      decoded.flatMap((row) => row.custom_questions.map((answer) => JSON.stringify(answer))),
    );
    expect(objects.size).toBe(distinct.size);
    expect(objects.size).toBeLessThan(answers);
  });

  it('writes each repeated response and status once per chunk, and the extra fields on a line apart', () => {
    const rows = parsedDemoRows(DEMO_EVENT_IDS.trickySmall);
    const questions = buildQuestionTable(rows);
    const text = new TextDecoder().decode(encodeRegistrationChunk(rows, questions));
    const [values, extras, ...more] = text.split('\n');
    expect(more).toEqual([]);
    expect(values).not.toContain('created_at');
    expect(extras).toContain('created_at');
    const { d: responses, s: statuses } = JSON.parse(values!) as { d: unknown[][]; s: unknown[] };
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const atPosition of responses) expect(new Set(atPosition).size).toBe(atPosition.length);
    const paid = rows.filter((row) => row.payment_status === 'paid').length;
    expect(paid).toBeGreaterThan(1);
    expect(values!.split('"paid"')).toHaveLength(2);
  });

  it('refuses a row pointing outside its chunk’s dictionary', () => {
    const rows = parsedDemoRows(DEMO_EVENT_IDS.trickySmall);
    const questions = buildQuestionTable(rows);
    const chunk = JSON.parse(
      new TextDecoder().decode(rowsOnly(encodeRegistrationChunk(rows, questions))),
    ) as {
      s: unknown[];
      r: unknown[][];
    };
    const statusAt = REGISTRATION_FIELDS.indexOf('payment_status');
    for (const wrong of [chunk.s.length, -1, 0.5, '0', null]) {
      const bad = {
        ...chunk,
        r: chunk.r.map((row, index) => (index === 0 ? row.with(statusAt, wrong) : row)),
      };
      expect(() =>
        decodeRegistrationChunk(new TextEncoder().encode(JSON.stringify(bad)), questions),
      ).toThrow();
    }
  });

  it('refuses bytes that are not a chunk', () => {
    const table = { order: [], texts: [] };
    expect(() => decodeRegistrationChunk(new TextEncoder().encode('{"a":1}'), table)).toThrow();
    expect(() => decodeRegistrationChunk(new TextEncoder().encode('[[1,2]]'), table)).toThrow();
  });

  it('reads a chunk handed to the page as the page holds rows, and anything else as nothing, never throwing', () => {
    const rows = parsedDemoRows(DEMO_EVENT_IDS.trickySmall);
    const questions = buildQuestionTable(rows);
    const bytes = encodeRegistrationChunk(rows, questions);
    // The tricky event's rows carry fields the API document does not list: the page holds none.
    expect(rows.some((row) => Object.keys(row).length > REGISTRATION_FIELDS.length)).toBe(true);
    const handed = decodeEncodedRows(structuredClone({ bytes, questions }));
    expect(handed).toStrictEqual(rows.map(pageRegistration));
    // What the engine hands over: the rows' line alone, which reads the same.
    expect(rowsOnly(bytes).byteLength).toBeLessThan(bytes.byteLength);
    expect(decodeEncodedRows({ bytes: rowsOnly(bytes).slice(), questions })).toStrictEqual(handed);
    expect(handed!.map((row) => Object.keys(row))).toEqual(
      rows.map((row) => Object.keys(pageRegistration(row))),
    );
    const table = fc.oneof(
      fc.constant(questions),
      fc.record({
        order: fc.array(fc.nat()),
        texts: fc.array(fc.tuple(fc.nat(), fc.anything(), fc.anything())),
      }),
      fc.anything(),
    );
    const someBytes = fc.oneof(
      fc.uint8Array().map((array) => new Uint8Array(array)),
      fc.json().map((text) => new TextEncoder().encode(text)),
      // Shaped like a chunk, with any dictionary and rows: indexes out of range, wrong types.
      fc
        .record({
          d: fc.array(fc.array(fc.jsonValue())),
          s: fc.array(fc.jsonValue()),
          r: fc.array(fc.array(fc.oneof(fc.nat(5), fc.array(fc.nat(5)), fc.jsonValue()))),
        })
        .map((chunk) => new TextEncoder().encode(JSON.stringify(chunk))),
      fc.constant(bytes),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.record({ bytes: someBytes, questions: table }), fc.anything(), (encoded, other) => {
        for (const received of [encoded, other]) {
          const read = decodeEncodedRows(received);
          if (read !== null) expect(Array.isArray(read)).toBe(true);
        }
      }),
    );
  });
});

import fc from 'fast-check';
import {
  clearAnswer,
  createAnswerSlot,
  isAnswerSlot,
  noteAsked,
  readAnswer,
  replacedByNewer,
  SLOT_BYTES,
  writeAnswer,
} from './search-answer-slot';
import { parseSearchMessage } from './search-protocol';

const FOUND = {
  type: 'found',
  id: 12,
  answer: {
    total: 1,
    more: false,
    results: [
      {
        eventId: 1001,
        registrationId: 5,
        firstName: 'Émilie',
        lastName: 'Dupont',
        email: 'emilie@example.org',
        orderId: 'ORD-5',
        status: 'paid',
        categoryId: 7,
      },
    ],
    events: [1001],
    building: false,
  },
};

describe('the shared slot of the newest search answer', () => {
  it('exists only where the page may share memory (a cross-origin isolated page)', () => {
    expect(createAnswerSlot()).toBeNull();
    vi.stubGlobal('crossOriginIsolated', true);
    try {
      const slot = createAnswerSlot();
      expect(slot).toBeInstanceOf(SharedArrayBuffer);
      expect(isAnswerSlot(slot)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(isAnswerSlot(new ArrayBuffer(SLOT_BYTES))).toBe(false);
    expect(isAnswerSlot(new SharedArrayBuffer(16))).toBe(false);
    expect(isAnswerSlot({ byteLength: SLOT_BYTES })).toBe(false);
  });

  it('gives each answer written once, the newest first, whole and parseable', () => {
    const slot = new SharedArrayBuffer(SLOT_BYTES);
    expect(readAnswer(slot, 0)).toBeNull();
    expect(writeAnswer(slot, FOUND)).toBe(true);
    const first = readAnswer(slot, 0)!;
    expect(parseSearchMessage(first.data)).toEqual(FOUND);
    // Read already: nothing newer.
    expect(readAnswer(slot, first.sequence)).toBeNull();
    const later = { ...FOUND, id: 13, answer: { ...FOUND.answer, results: [], total: 0 } };
    writeAnswer(slot, FOUND);
    writeAnswer(slot, later);
    const second = readAnswer(slot, first.sequence)!;
    expect(second.sequence).not.toBe(first.sequence);
    expect(parseSearchMessage(second.data)).toEqual(later);
  });

  it('gives nothing while the worker is writing, and keeps the last answer when a new one does not fit', () => {
    const slot = new SharedArrayBuffer(SLOT_BYTES);
    writeAnswer(slot, FOUND);
    const header = new Int32Array(slot, 0, 2);
    Atomics.add(header, 0, 1); // a write begun: the sequence is odd
    expect(readAnswer(slot, 0)).toBeNull();
    Atomics.add(header, 0, 1);
    expect(parseSearchMessage(readAnswer(slot, 0)?.data)).toEqual(FOUND);

    const read = readAnswer(slot, 0)!;
    const huge = { ...FOUND, id: 14, padding: 'x'.repeat(SLOT_BYTES) };
    expect(writeAnswer(slot, huge)).toBe(false);
    expect(readAnswer(slot, read.sequence)).toBeNull();
    expect(parseSearchMessage(readAnswer(slot, 0)?.data)).toEqual(FOUND);
  });

  it('never throws on whatever the shared memory holds, and gives nothing mid-write', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 512 }),
        fc.integer(),
        fc.integer(),
        (bytes, sequence, length) => {
          const slot = new SharedArrayBuffer(SLOT_BYTES);
          new Uint8Array(slot, 0, bytes.length).set(bytes);
          const header = new Int32Array(slot, 0, 2);
          header[0] = sequence;
          header[1] = length;
          const read = readAnswer(slot, 0);
          if (sequence % 2 !== 0 || sequence === 0) expect(read).toBeNull();
          // Whatever was read goes through the protocol's parser, which never throws either.
          if (read) parseSearchMessage(read.data);
        },
      ),
    );
  });

  it('is emptied by a wipe: nothing to read, none of the answer left in it', () => {
    const slot = new SharedArrayBuffer(SLOT_BYTES);
    writeAnswer(slot, FOUND);
    const before = readAnswer(slot, 0)!;
    clearAnswer(slot);
    expect(readAnswer(slot, 0)).toBeNull();
    expect(readAnswer(slot, before.sequence)).toBeNull();
    expect(new TextDecoder().decode(new Uint8Array(slot).slice())).not.toContain('Dupont');
  });

  it('tells the worker when the page asked a newer search than the one it is about to answer', () => {
    const slot = new SharedArrayBuffer(SLOT_BYTES);
    expect(replacedByNewer(slot, 1)).toBe(false);
    noteAsked(slot, 7);
    expect(replacedByNewer(slot, 6)).toBe(true);
    expect(replacedByNewer(slot, 7)).toBe(false);
    // Not part of the answer: writing and reading one leaves it as it is.
    writeAnswer(slot, FOUND);
    expect(parseSearchMessage(readAnswer(slot, 0)?.data)).toEqual(FOUND);
    expect(replacedByNewer(slot, 6)).toBe(true);
  });

  it('reads back any answer written, as written', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (message) => {
        const slot = new SharedArrayBuffer(SLOT_BYTES);
        writeAnswer(slot, message);
        expect(readAnswer(slot, 0)?.data).toEqual(JSON.parse(JSON.stringify(message)));
      }),
    );
  });
});

import fc from 'fast-check';
import { callIdOf, parseEngineCall, parseEngineReply } from './messages';

/** Anything a message event could carry, including near misses of the real messages. */
const nearMiss = fc.oneof(
  fc.anything(),
  fc.record(
    {
      kind: fc.constantFrom('call', 'cancel', 'progress', 'result', 'error', 'notice', 'other'),
      id: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
      method: fc.oneof(fc.string(), fc.integer()),
      params: fc.anything(),
      code: fc.oneof(fc.constantFrom('crashed', 'failed', 'bad-request', 'nonsense'), fc.anything()),
      message: fc.anything(),
      topic: fc.oneof(fc.string(), fc.anything()),
      value: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

describe('reading engine messages', () => {
  it('never throws, and what it accepts has a positive whole id or a topic', () => {
    fc.assert(
      fc.property(nearMiss, (data) => {
        const call = parseEngineCall(data);
        if (call) expect(Number.isSafeInteger(call.id) && call.id > 0).toBe(true);
        const reply = parseEngineReply(data);
        if (reply?.kind === 'notice') expect(typeof reply.topic).toBe('string');
        else if (reply) expect(Number.isSafeInteger(reply.id) && reply.id > 0).toBe(true);
        callIdOf(data);
      }),
    );
  });

  it('reads back every message an end can send', () => {
    const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    const call = fc.oneof(
      fc.record({ kind: fc.constant('call' as const), id, method: fc.string(), params: fc.jsonValue() }),
      fc.record({ kind: fc.constant('cancel' as const), id }),
    );
    const reply = fc.oneof(
      fc.record({ kind: fc.constantFrom('progress' as const, 'result' as const), id, value: fc.jsonValue() }),
      fc.record({
        kind: fc.constant('error' as const),
        id,
        code: fc.constantFrom(
          'crashed' as const,
          'unknown-method' as const,
          'bad-request' as const,
          'bad-reply' as const,
          'failed' as const,
        ),
        message: fc.string(),
      }),
      fc.record({ kind: fc.constant('notice' as const), topic: fc.string(), value: fc.jsonValue() }),
    );
    fc.assert(
      fc.property(call, (sent) => {
        expect(parseEngineCall(structuredClone(sent))).toEqual(sent);
      }),
    );
    fc.assert(
      fc.property(reply, (sent) => {
        expect(parseEngineReply(structuredClone(sent))).toEqual(sent);
      }),
    );
  });

  it('does not run a getter that throws', () => {
    const hostile = Object.defineProperty({ kind: 'call', method: 'x' }, 'id', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(parseEngineCall(hostile)).toBeNull();
    expect(parseEngineReply(hostile)).toBeNull();
    expect(callIdOf(hostile)).toBeNull();
  });
});

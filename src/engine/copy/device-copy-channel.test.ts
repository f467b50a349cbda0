import fc from 'fast-check';
import {
  DEVICE_COPY_CHANNEL,
  hearOtherTabs,
  parseDeviceCopyMessage,
  tellOtherTabs,
} from './device-copy-channel';
import { waitUntil } from '../../../test/wait-until';

/** Any value a script of the origin could post, a few shaped almost like a real message. */
const anything = fc.oneof(
  fc.anything(),
  fc.record({
    type: fc.constantFrom('saved', 'forgotten', 'SAVED', ''),
    eventId: fc.anything(),
    dataAsOf: fc.anything(),
  }),
  fc.record(
    {
      type: fc.constant('saved'),
      eventId: fc.oneof(fc.integer(), fc.double()),
      dataAsOf: fc.oneof(fc.integer(), fc.double()),
    },
    { requiredKeys: [] },
  ),
);

describe('the device copy messages between tabs', () => {
  it('parsing never throws, and answers only well-formed messages', () => {
    fc.assert(
      fc.property(anything, (data) => {
        const message = parseDeviceCopyMessage(data);
        if (message === null) return;
        if (message.type === 'forgotten') expect(message).toEqual({ type: 'forgotten' });
        else {
          expect(Number.isSafeInteger(message.eventId) && message.eventId > 0).toBe(true);
          expect(Number.isNaN(new Date(message.dataAsOf).getTime())).toBe(false);
          expect(Object.keys(message).sort()).toEqual(['dataAsOf', 'eventId', 'type']);
        }
      }),
    );
  });

  it('a well-formed "saved" message reads back as itself, extra fields dropped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        fc.anything(),
        (eventId, dataAsOf, extra) => {
          expect(parseDeviceCopyMessage({ type: 'saved', eventId, dataAsOf, extra })).toEqual({
            type: 'saved',
            eventId,
            dataAsOf,
          });
        },
      ),
    );
  });

  it('refuses bad ids and times, and objects whose fields throw', () => {
    const bad = [
      { type: 'saved', eventId: 0, dataAsOf: 1 },
      { type: 'saved', eventId: -3, dataAsOf: 1 },
      { type: 'saved', eventId: 1.5, dataAsOf: 1 },
      { type: 'saved', eventId: '12', dataAsOf: 1 },
      { type: 'saved', eventId: 12, dataAsOf: Number.NaN },
      { type: 'saved', eventId: 12, dataAsOf: 9e15 },
      { type: 'saved', eventId: 12 },
      [{ type: 'forgotten' }],
      Object.defineProperty({}, 'type', {
        get() {
          throw new Error('no');
        },
      }),
      new Proxy(
        {},
        {
          get() {
            throw new Error('no');
          },
        },
      ),
    ];
    for (const data of bad) expect(parseDeviceCopyMessage(data)).toBeNull();
  });

  it('another tab hears a message, parsed; junk on the channel is ignored', async () => {
    const heard: unknown[] = [];
    const stop = hearOtherTabs((message) => heard.push(message));
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    const received: unknown[] = [];
    other.onmessage = (event: MessageEvent<unknown>) => received.push(event.data);
    other.postMessage({ type: 'saved', eventId: 7, dataAsOf: 'yesterday' });
    other.postMessage({ type: 'saved', eventId: 7, dataAsOf: 1_000 });
    tellOtherTabs({ type: 'forgotten' });
    await waitUntil(() => expect(heard).toEqual([{ type: 'saved', eventId: 7, dataAsOf: 1_000 }]));
    await waitUntil(() => expect(received).toEqual([{ type: 'forgotten' }]));
    stop();
    other.close();
  });
});

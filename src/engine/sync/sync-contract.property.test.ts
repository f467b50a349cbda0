import fc from 'fast-check';
import { demoContract } from '@/engine/demo/demo-contract';
import { syncContract } from './sync-contract';

/* The engine's new messages, read at either end: never a throw, only well-formed values kept. */

const place = fc.record({ apiKey: fc.string({ minLength: 1 }), address: fc.webUrl() });

describe('the sync and demo messages', () => {
  it('keep a sync request or outcome only when well formed, and never throw', () => {
    const request = fc.record({
      place: fc.oneof(place, fc.anything()),
      demo: fc.oneof(fc.boolean(), fc.anything()),
      eventId: fc.oneof(fc.nat(), fc.anything()),
      firstPage: fc.oneof(fc.constantFrom(0, 1, null), fc.anything()),
    });
    fc.assert(
      fc.property(fc.oneof(request, fc.anything()), (received) => {
        const read = syncContract['sync.event'].params(received)?.value;
        if (!read) return;
        expect(Number.isSafeInteger(read.eventId) && read.eventId >= 0).toBe(true);
        expect([0, 1, null]).toContain(read.firstPage);
        expect(typeof read.demo).toBe('boolean');
      }),
    );
    const outcome = fc.oneof(
      fc.record({
        kind: fc.constant('failed'),
        reason: fc.oneof(fc.constantFrom('unauthorized', 'network', 'other'), fc.anything()),
      }),
      fc.record({ kind: fc.constant('complete'), figures: fc.anything(), firstPage: fc.anything() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(outcome, (received) => {
        const read = syncContract['sync.event'].result(received)?.value;
        if (read?.kind === 'failed') expect(['unauthorized', 'network', 'other']).toContain(read.reason);
        if (read?.kind === 'complete')
          expect(read.figures.paid + read.figures.pending).toBeLessThanOrEqual(read.figures.total);
      }),
    );
  });

  it('keep a demo request only for http(s) addresses, and an answer only with a real status and body', () => {
    const request = fc.record({
      baseUrl: fc.oneof(fc.webUrl(), fc.string(), fc.anything()),
      url: fc.oneof(fc.webUrl(), fc.string(), fc.anything()),
      method: fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE'), fc.anything()),
      headers: fc.oneof(fc.array(fc.tuple(fc.string(), fc.string())), fc.anything()),
    });
    fc.assert(
      fc.property(fc.oneof(request, fc.anything()), (received) => {
        const read = demoContract['demo.answer'].params(received)?.value;
        if (read) {
          expect(read.url).toMatch(/^https?:\/\//i);
          expect(['GET', 'POST']).toContain(read.method);
        }
        const start = demoContract['demo.start'].params(received)?.value;
        if (start) expect(start.baseUrl).toMatch(/^https?:\/\//i);
      }),
    );
    const answer = fc.record({
      status: fc.oneof(fc.integer({ min: -5, max: 700 }), fc.anything()),
      headers: fc.oneof(fc.array(fc.tuple(fc.string(), fc.string())), fc.anything()),
      body: fc.oneof(fc.constant(new ArrayBuffer(2)), fc.anything()),
    });
    fc.assert(
      fc.property(answer, (received) => {
        const read = demoContract['demo.answer'].result(received)?.value;
        if (!read) return;
        expect(read.status).toBeGreaterThanOrEqual(200);
        expect(read.status).toBeLessThanOrEqual(599);
      }),
    );
    expect(demoContract['demo.start'].result({ apiKey: '' })).toBeNull();
    expect(demoContract['demo.start'].result({ apiKey: 'k' })).toEqual({ value: { apiKey: 'k' } });
  });
});

const PAGE = { registrations: [{ registration_id: 1, first_name: 'Ana' }] };

/** A stand-in for the worker, answering each request with `answer`. */
function fakeWorker(answer: (request: { id: number; bytes: ArrayBuffer }) => unknown) {
  return class {
    onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    onmessageerror: ((event: Event) => void) | null = null;
    postMessage(request: { id: number; bytes: ArrayBuffer }) {
      setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: answer(request) })));
    }
    terminate() {}
  };
}

async function freshReader() {
  vi.resetModules();
  return (await import('./page-reader')).readRegistrationPageBody;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reading pages in the worker', () => {
  it("takes the worker's reading", async () => {
    const { readPageBytes } = await import('./page-reader-protocol');
    vi.stubGlobal(
      'Worker',
      fakeWorker(({ id, bytes }) => ({ id, reading: readPageBytes(bytes) })),
    );
    const read = await freshReader();
    const reading = await read(new Response(JSON.stringify(PAGE)));
    expect(reading).toMatchObject({ ok: true, data: { registrations: [{ registration_id: 1 }] } });
  });

  it('reads the page itself when the worker answers something it could not have sent', async () => {
    vi.stubGlobal(
      'Worker',
      fakeWorker(({ id }) => ({ id, reading: { ok: true, data: 'rows' } })),
    );
    const read = await freshReader();
    const reading = await read(new Response(JSON.stringify(PAGE)));
    expect(reading).toMatchObject({ ok: true, data: { registrations: [{ first_name: 'Ana' }] } });
  });

  it('reads the pages itself once the worker failed, losing none', async () => {
    let started = 0;
    vi.stubGlobal(
      'Worker',
      class extends fakeWorker(() => null) {
        constructor() {
          super();
          started += 1;
        }
        override postMessage() {
          setTimeout(() => this.onerror?.(new Event('error', { cancelable: true })));
        }
      },
    );
    const read = await freshReader();
    const [first, second] = await Promise.all([
      read(new Response(JSON.stringify(PAGE))),
      read(new Response('<html>Bad gateway</html>')),
    ]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: false, problem: 'not-json' });
    expect(await read(new Response(JSON.stringify(PAGE)))).toMatchObject({ ok: true });
    expect(started).toBe(1);
  });
});

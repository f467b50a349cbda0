import { asIs, done, isId, method, type Contract } from './contract';
import { createEngineClient } from './client';
import { isEngineError } from './engine-error';
import { serveEngine, transferResult, type Handlers } from './server';
import { inPageTransport, type EngineTransport } from './transport';

const contract = {
  double: method<number, number>({
    params: asIs((p) => typeof p === 'number'),
    result: asIs((r) => typeof r === 'number'),
  }),
  count: method<{ to: number }, true, number>({
    params: asIs((p) => typeof p === 'object' && p !== null && isId((p as { to: unknown }).to)),
    result: done,
    progress: asIs(isId),
  }),
  wait: method<null, true>({ params: asIs((p) => p === null), result: done }),
  throws: method<null, true>({ params: asIs(), result: done }),
  lies: method<null, number>({ params: asIs(), result: asIs((r) => typeof r === 'number') }),
  bytes: method<null, ArrayBuffer>({ params: asIs(), result: asIs((r) => r instanceof ArrayBuffer) }),
} satisfies Contract;

function handlersOf(state = { cancelled: [] as number[], release: () => {} }): Handlers<typeof contract> {
  return {
    double: (n) => n * 2,
    count: ({ to }, { progress }) => {
      for (let i = 1; i <= to; i++) progress(i);
      return true;
    },
    wait: (_, { signal }) =>
      new Promise<true>((resolve) => {
        signal.addEventListener('abort', () => state.cancelled.push(1));
        state.release = () => resolve(true);
      }),
    throws: () => {
      throw new Error('broken');
    },
    lies: () => 'not a number' as unknown as number,
    bytes: () => {
      const buffer = new ArrayBuffer(8);
      return transferResult(buffer, [buffer]);
    },
  };
}

function serve() {
  const state = { cancelled: [] as number[], release: () => {} };
  const client = createEngineClient(contract, () =>
    inPageTransport((post) => serveEngine(contract, handlersOf(state), post)),
  );
  return { client, cancelled: state.cancelled, release: () => state.release() };
}

describe('the engine RPC', () => {
  it('answers each call with its own result, progress first', async () => {
    const { client } = serve();
    const seen: number[] = [];
    const [a, b, counted] = await Promise.all([
      client.call('double', 2),
      client.call('double', 21),
      client.call('count', { to: 3 }, { onProgress: (n) => seen.push(n) }),
    ]);
    expect([a, b, counted]).toEqual([4, 42, true]);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('turns what goes wrong into typed errors', async () => {
    const { client } = serve();
    await expect(client.call('throws', null)).rejects.toSatisfy(
      (error) => isEngineError(error, 'failed') && /broken/.test(error.message),
    );
    await expect(client.call('lies', null)).rejects.toSatisfy((error) => isEngineError(error, 'bad-reply'));
    await expect(client.call('double', 'two' as unknown as number)).rejects.toSatisfy((error) =>
      isEngineError(error, 'bad-request'),
    );
    // A method the engine does not have (an older engine than the page).
    const engine = createEngineClient({ ...contract, missing: contract.wait }, () =>
      inPageTransport((post) => serveEngine(contract, handlersOf(), post)),
    );
    await expect(engine.call('missing', null)).rejects.toSatisfy((error) =>
      isEngineError(error, 'unknown-method'),
    );
  });

  it('cancels: the call rejects with the signal’s reason at once, and the engine is told', async () => {
    const { client, cancelled, release } = serve();
    const controller = new AbortController();
    const waiting = client.call('wait', null, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve));
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(waiting).rejects.toThrow('left the page');
    await vi.waitFor(() => expect(cancelled).toEqual([1]));
    release();
    // The engine still answers the calls that follow.
    expect(await client.call('double', 5)).toBe(10);
    await expect(client.call('wait', null, { signal: AbortSignal.abort() })).rejects.toBeDefined();
  });

  it('a crashed engine rejects every call waiting, says it restarts, and the next call starts a new one', async () => {
    const engines: { fail: () => void; closed: boolean }[] = [];
    const client = createEngineClient(contract, (): EngineTransport => {
      const transport = inPageTransport((post) => serveEngine(contract, handlersOf(), post));
      const engine = { fail: () => {}, closed: false };
      engines.push(engine);
      return {
        ...transport,
        onFailure: (listener) => void (engine.fail = listener),
        close: () => {
          engine.closed = true;
          transport.close();
        },
      };
    });
    const restarts = vi.fn();
    client.onRestart(restarts);
    const waiting = [client.call('wait', null), client.call('wait', null)];
    await new Promise((resolve) => setTimeout(resolve));
    engines[0]!.fail();
    for (const call of waiting)
      await expect(call).rejects.toSatisfy((error) => isEngineError(error, 'crashed'));
    expect(engines[0]!.closed).toBe(true);
    expect(restarts).toHaveBeenCalledTimes(1);
    expect(await client.call('double', 4)).toBe(8);
    expect(engines).toHaveLength(2);
  });

  it('an engine that cannot start fails the call, typed, and the next call tries again', async () => {
    let attempts = 0;
    const client = createEngineClient(contract, (): EngineTransport => {
      attempts += 1;
      if (attempts === 1) throw new Error('Worker refused');
      return inPageTransport((post) => serveEngine(contract, handlersOf(), post));
    });
    await expect(client.call('double', 2)).rejects.toSatisfy((error) => isEngineError(error, 'crashed'));
    expect(await client.call('double', 4)).toBe(8);
  });

  it('drops what it cannot read, and fails the call a garbled reply names', async () => {
    let deliver: (data: unknown) => void = () => {};
    const posted: unknown[] = [];
    const client = createEngineClient(contract, () => ({
      post: (call) => posted.push(call),
      onMessage: (listener) => void (deliver = listener),
      onFailure: () => {},
      close: () => {},
    }));
    const call = client.call('double', 1);
    deliver('garbage');
    deliver({ kind: 'result' });
    deliver({ kind: 'nonsense', id: 1 });
    await expect(call).rejects.toSatisfy((error) => isEngineError(error, 'bad-reply'));
    expect(posted).toEqual([{ kind: 'call', id: 1, method: 'double', params: 1 }]);
  });

  it('hands a transferred result over whole', async () => {
    const { client } = serve();
    expect((await client.call('bytes', null)).byteLength).toBe(8);
  });

  it('delivers notices to whoever listens on their topic', async () => {
    let post: (reply: unknown) => void = () => {};
    const client = createEngineClient(contract, () =>
      inPageTransport((reply) => {
        post = reply as (reply: unknown) => void;
        return () => {};
      }),
    );
    const heard = vi.fn();
    const stop = client.onNotice('changed', heard);
    await vi.waitFor(() => expect(post).not.toBe(undefined));
    post({ kind: 'notice', topic: 'changed', value: 3 });
    post({ kind: 'notice', topic: 'other', value: 4 });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith(3));
    stop();
    post({ kind: 'notice', topic: 'changed', value: 5 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

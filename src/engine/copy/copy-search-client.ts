import { getSession, subscribeSession } from '@/lib/session';
import type { EngineContract } from '../engine-contract';
import type { EngineClient } from '../rpc/client';
import { orElse, placeOf } from './copy-calls';
import { SEARCH_CHANGED } from './device-copy-contract';
import type { SearchAnswer } from './search-protocol';

/**
 * The page's side of the search across events, kept by the engine beside the device copy
 * (device-copy-search.ts): the newest search's answer, and news that the index changed.
 */
export class CopySearchClient {
  /** The searches waiting for their answer: a session that ends settles them with null. */
  private readonly searching = new Set<(answer: SearchAnswer | null) => void>();
  private readonly listeners = new Set<() => void>();
  /** Moves on whenever a session starts or ends: an answer asked under one never lands in another. */
  private epoch = 0;

  constructor(private readonly engine: EngineClient<EngineContract>) {
    subscribeSession(() => {
      this.epoch += 1;
      // Whatever the change (signed out, another key), the search index of the last session goes.
      void orElse(this.engine.call('copy.search-drop', {}), true);
      for (const settle of this.searching) settle(null);
      this.searching.clear();
    });
    this.engine.onNotice(SEARCH_CHANGED, () => {
      for (const listener of this.listeners) listener();
    });
  }

  /**
   * The registrations matching `query` in every event the copy holds (the engine's search
   * index), the events in `order` first; null when the engine answered a newer search instead,
   * the session changed, or there is no session.
   */
  search(query: string, limit: number, order: readonly number[]): Promise<SearchAnswer | null> {
    const session = getSession();
    if (!session) return Promise.resolve(null);
    const epoch = this.epoch;
    return new Promise((resolve) => {
      const settle = (answer: SearchAnswer | null) => {
        this.searching.delete(settle);
        resolve(answer);
      };
      this.searching.add(settle);
      orElse(this.engine.call('copy.search', { place: placeOf(session), query, limit, order }), null).then(
        (answer) => settle(this.epoch === epoch ? answer : null),
        () => settle(null),
      );
    });
  }

  /** Be told when the search index changed (an event read or saved, the copy wiped): search again. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

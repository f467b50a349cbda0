import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { EventInsights } from '@/engine/figures/event-insights';
import { NO_CORRECTIONS, type EventCorrections } from '@/lib/clean-answers/clean-answers';
import { useAnswerCorrections } from '../rows/answer-corrections';
import { insightsClient, type ComputeRequest } from './insights-client';

export interface EventInsightsState {
  /** The latest figures computed, possibly of fewer rows than loaded now (see `from`). */
  readonly insights: EventInsights | null;
  /** How many registrations `insights` counts: all of them once the list is complete. */
  readonly from: number;
  /** A newer computation is on its way. */
  readonly computing: boolean;
  readonly error: Error | null;
}

const IDLE: EventInsightsState = { insights: null, from: 0, computing: false, error: null };

/**
 * The figures of an event's registrations, computed in the engine worker. While a load
 * streams rows in, they are recomputed at most every `throttleMs` (the last figures stay on
 * screen meanwhile); pass 0 once the list is complete so the final figures come at once.
 * `request` null computes nothing (the dialog is closed, the categories are not there yet).
 * `held` holds a new computation back (the engine is busy with a more urgent one) while the
 * figures already there stay shown.
 */
export function useEventInsights(
  request: ComputeRequest | null,
  throttleMs: number,
  held = false,
): EventInsightsState {
  const client = insightsClient(useQueryClient());
  /** The last result that came back: figures of some earlier row set, or a failure. */
  const [latest, setLatest] = useState<Omit<EventInsightsState, 'computing'>>(IDLE);
  const lastStart = useRef(-Infinity);
  // Figures of an earlier row set still count while a load goes on (they say "so far"), so a
  // result is shown unless a later one is already on screen.
  const started = useRef(0);
  const shown = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Answers are counted with the promoter's corrections: computed once they are read.
  const { corrections, ready } = useAnswerCorrections(request?.eventId ?? null);
  const corrected = request && ready ? withCorrections(request, corrections) : null;
  const { eventId, rows, categories, scope, options } = corrected ?? {};
  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    if (held || eventId === undefined || !rows || !categories || scope === undefined || !options) return;
    const job = { eventId, rows, categories, scope, options };
    if (client.peek(job)) return;
    const wait = waitAfter(lastStart.current, throttleMs);
    const timer = setTimeout(() => {
      lastStart.current = performance.now();
      const sequence = ++started.current;
      const current = () => mounted.current && sequence >= shown.current;
      client.compute(job).then(
        (insights) => {
          if (!current()) return;
          shown.current = sequence;
          // A transition: the figures' tables (hundreds of links) render in React's time
          // slices; a plain update from a promise would render them in one long task.
          startTransition(() => setLatest({ insights, from: rows.length, error: null }));
        },
        (error: unknown) => {
          if (!current()) return;
          shown.current = sequence;
          const failure = error instanceof Error ? error : new Error(String(error));
          setLatest((previous) => ({ ...previous, error: failure }));
        },
      );
    }, wait);
    return () => clearTimeout(timer);
    // `options` is compared by value: callers pass object literals.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, eventId, rows, categories, scope, optionsKey, throttleMs, held]);

  /** The figures this hook last gave, whichever way they came. */
  const [given, setGiven] = useState<{ eventId: number; insights: EventInsights; from: number } | null>(null);
  if (!request) return IDLE;
  // This exact computation is done (here or by another screen): its figures, at once.
  const done = corrected && client.peek(corrected);
  const state: EventInsightsState = done
    ? { insights: done, from: request.rows.length, computing: false, error: null }
    : { ...latest, computing: latest.error === null };
  if (state.insights) {
    if (given?.insights !== state.insights)
      setGiven({ eventId: request.eventId, insights: state.insights, from: state.from });
    return state;
  }
  // Figures taken straight from the cache never pass through `latest` (and on a busy machine a
  // result's own update can wait, being a transition): those given last stay until newer ones
  // come, rather than the screen falling back to its skeleton and folding what was open.
  return given?.eventId === request.eventId
    ? { ...state, insights: given.insights, from: given.from }
    : state;
}

/**
 * Whether this exact computation is done (here or by another screen), with the event's
 * corrections as useEventInsights asks for it: a screen can hold other work back until then.
 */
export function useInsightsDone(request: ComputeRequest | null): boolean {
  const client = insightsClient(useQueryClient());
  const { corrections, ready } = useAnswerCorrections(request?.eventId ?? null);
  return request !== null && ready && client.peek(withCorrections(request, corrections)) !== null;
}

/** How long until `throttleMs` has passed since `start` (performance.now time), or 0. */
function waitAfter(start: number, throttleMs: number): number {
  return Math.max(0, start + throttleMs - performance.now());
}

/** The request with the event's corrections; the same request when there are none. */
function withCorrections(request: ComputeRequest, corrections: EventCorrections): ComputeRequest {
  if (corrections === NO_CORRECTIONS || Object.keys(corrections).length === 0) return request;
  return { ...request, options: { ...request.options, corrections } };
}

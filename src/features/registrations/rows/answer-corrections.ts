import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readAnswerCorrectionsCopy, saveAnswerCorrectionsCopy } from '@/engine/copy/device-copy';
import {
  NO_CORRECTIONS,
  parseEventCorrections,
  type EventCorrections,
} from '@/lib/clean-answers/clean-answers';

/**
 * The promoter's corrections to how an event's answers are read ("m/l" is M, "Moyen" is not a
 * size here), kept in the encrypted copy on this device with the event's other notes, wiped
 * with it. Every screen that counts, filters, exports or prints an answer reads them here, so
 * a count and the rows its link opens stay equal.
 */

const queryKey = (eventId: number) => ['answer-corrections', eventId] as const;

const queryOptions = (eventId: number) => ({
  queryKey: queryKey(eventId),
  queryFn: async () => parseEventCorrections((await readAnswerCorrectionsCopy(eventId))?.value),
  // Only this tab changes them: what was read stays right for the session.
  staleTime: Infinity,
});

/** An event's corrections, read once per session (for an export or a print). */
export function answerCorrections(client: QueryClient, eventId: number): Promise<EventCorrections> {
  return client.ensureQueryData(queryOptions(eventId));
}

/** An event's corrections (none until read: see `ready`), and how to change them. */
export function useAnswerCorrections(eventId: number | null) {
  const client = useQueryClient();
  const query = useQuery({ ...queryOptions(eventId ?? 0), enabled: eventId !== null });
  const keep = useCallback(
    (corrections: EventCorrections) => {
      if (eventId === null) return;
      client.setQueryData(queryKey(eventId), corrections);
      saveAnswerCorrectionsCopy(eventId, corrections);
    },
    [client, eventId],
  );
  return { corrections: query.data ?? NO_CORRECTIONS, ready: !query.isPending, keep };
}

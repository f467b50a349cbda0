import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readAnswerCorrectionsCopy, saveAnswerCorrectionsCopy } from '@/engine/copy/device-copy';
import {
  NO_CORRECTIONS,
  parseEventCorrections,
  type AnswerCorrections,
  type EventCorrections,
} from '@/lib/clean-answers/clean-answers';
import { answerKey } from '@/lib/text-keys';
import { keptNoteKey, useKeptNote } from '../api/kept-note';

/**
 * The promoter's corrections to how an event's answers are read ("m/l" is M, "Moyen" is not a
 * size here), kept in the encrypted copy on this device with the event's other notes, wiped
 * with it. Every screen that counts, filters, exports or prints an answer reads them here, so
 * a count and the rows its link opens stay equal. Each corrected question's texts are kept
 * too: the next edition of the event is offered the corrections of the question it asks again.
 */
export interface KeptCorrections {
  readonly corrections: EventCorrections;
  /** Per corrected question (que_id), its texts as the API gave them (French, English). */
  readonly questions: Readonly<Record<string, readonly string[]>>;
}

const NOTHING_KEPT: KeptCorrections = { corrections: NO_CORRECTIONS, questions: {} };
const MAX_TEXT_LENGTH = 500;

/** What was read back, or nothing kept. Never throws. */
export function parseKeptCorrections(value: unknown): KeptCorrections {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return NOTHING_KEPT;
  const record = value as { version?: unknown; corrections?: unknown; questions?: unknown };
  if (record.version !== 1) return NOTHING_KEPT;
  const corrections = parseEventCorrections(record.corrections);
  const texts: Record<string, readonly string[]> = {};
  const questions = record.questions;
  if (typeof questions === 'object' && questions !== null && !Array.isArray(questions)) {
    for (const [queId, value] of Object.entries(questions)) {
      if (!Object.hasOwn(corrections, queId) || !Array.isArray(value)) continue;
      texts[queId] = value
        .filter((text): text is string => typeof text === 'string' && text.length <= MAX_TEXT_LENGTH)
        .slice(0, 2);
    }
  }
  return { corrections, questions: texts };
}

/** The record kept on the device (parseKeptCorrections reads it back). */
export const keptRecord = (kept: KeptCorrections) => ({ version: 1, ...kept });

/**
 * The corrections `kept` holds for a question asked again with one of these texts (case,
 * accents and spaces aside), or null.
 */
export function correctionsForQuestion(
  kept: KeptCorrections,
  texts: readonly (string | null | undefined)[],
): AnswerCorrections | null {
  const wanted = new Set(texts.map((text) => answerKey(text ?? '')).filter((key) => key !== ''));
  for (const [queId, questionTexts] of Object.entries(kept.questions)) {
    if (questionTexts.some((text) => wanted.has(answerKey(text)))) return kept.corrections[queId] ?? null;
  }
  return null;
}

const NOTE = 'answer-corrections';

const readCorrections = async (eventId: number) =>
  parseKeptCorrections((await readAnswerCorrectionsCopy(eventId))?.value);

/** An event's corrections, read once per session (for an export or a print). */
export async function answerCorrections(client: QueryClient, eventId: number): Promise<EventCorrections> {
  const kept = await client.ensureQueryData({
    queryKey: keptNoteKey(NOTE, eventId),
    queryFn: () => readCorrections(eventId),
    staleTime: Infinity,
  });
  return kept.corrections;
}

/**
 * An event's corrections (none until read: see `ready`), and how to set one question's: its
 * corrections (none: back to the vocabulary's reading) and its texts.
 */
export function useAnswerCorrections(eventId: number | null) {
  const { value, ready, change, keeping } = useKeptNote({
    note: NOTE,
    eventId: eventId ?? 0,
    enabled: eventId !== null,
    read: readCorrections,
    save: (id, kept: KeptCorrections) => saveAnswerCorrectionsCopy(id, keptRecord(kept)),
  });
  const kept = value ?? NOTHING_KEPT;
  const correct = useCallback(
    (queId: number, texts: readonly (string | null)[], corrections: AnswerCorrections) => {
      if (eventId === null) return;
      void change((current = NOTHING_KEPT) => {
        const id = String(queId);
        const { [id]: _corrections, ...otherCorrections } = current.corrections;
        const { [id]: _texts, ...otherTexts } = current.questions;
        return Object.keys(corrections).length === 0
          ? { corrections: otherCorrections, questions: otherTexts }
          : {
              corrections: { ...otherCorrections, [id]: corrections },
              questions: { ...otherTexts, [id]: texts.filter((text): text is string => !!text) },
            };
      });
    },
    [change, eventId],
  );
  // keeping: whether the last correction is kept on this device (see useKeptNote).
  return { corrections: kept.corrections, kept, ready, correct, keeping };
}

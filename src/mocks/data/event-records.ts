import type { EventSpec } from './catalog';
import { addDays } from './dates';
import { QUESTION_TEMPLATES, type QuestionKind } from './questions';
import type { RawCategory, RawEvent } from './types';

/** A custom question as asked by one event; que_id is stable for that event. */
export interface QuestionDef {
  que_id: number;
  kind: QuestionKind;
  fr: string;
  en: string;
  freeText: boolean;
}

/** Everything the handlers and the registration generator need about one event. */
export interface EventRecord {
  spec: EventSpec;
  /** Position in the catalog; used to keep order numbers of different events apart. */
  index: number;
  event: RawEvent;
  categories: RawCategory[];
  questions: QuestionDef[];
}

export function buildEventRecord(spec: EventSpec, index: number, today: string): EventRecord {
  // Ids derived from the event id: stable across runs and unique across the dataset.
  const categories: RawCategory[] = spec.categories.map((category, i) => ({
    category_id: spec.id * 10 + i + 1,
    eve_id: spec.id,
    epr_type_fr: category.type.fr,
    epr_type_en: category.type.en,
    epr_nom_fr: category.nameFr,
    epr_nom_en: category.nameEn,
  }));
  const questions: QuestionDef[] = spec.questions.map((kind, i) => {
    const template = QUESTION_TEMPLATES[kind];
    return {
      que_id: spec.id * 100 + i + 1,
      kind,
      fr: template.fr,
      en: template.en,
      freeText: template.freeText,
    };
  });
  // Minutes vary per event so timestamps are not all identical.
  const minutes = String((spec.id * 7) % 60).padStart(2, '0');
  const event: RawEvent = {
    eve_id: spec.id,
    eve_nom_fr: spec.nameFr,
    eve_lieu_fr: spec.placeFr,
    eve_lieu_en: spec.placeEn,
    eve_date_debut: addDays(today, spec.startOffsetDays),
    updated_at: `${addDays(today, -spec.updatedDaysAgo)}T08:${minutes}:00.000Z`,
    categories: categories.map(({ category_id, epr_nom_fr, epr_nom_en }) => ({
      category_id,
      epr_nom_fr,
      epr_nom_en,
    })),
  };
  return { spec, index, event, categories, questions };
}

/**
 * Raw JSON shapes of the Partner API, as the fake server sends them. Deliberately separate
 * from the app's own types: the mock must stand for the real service, not echo the client.
 * `updated_at` / `created_at` are extra fields (the API document allows fields beyond its
 * tables) that make `updated_since` implementable.
 */

export type PaymentStatus = 'paid' | 'pending' | 'refunded' | 'cancelled' | 'free';

export interface RawCategorySummary {
  category_id: number;
  epr_nom_fr: string;
  /** null on purpose for one category, to exercise the client's language fallback. */
  epr_nom_en: string | null;
}

export interface RawCategory extends RawCategorySummary {
  eve_id: number;
  epr_type_fr: string;
  epr_type_en: string;
}

export interface RawEvent {
  eve_id: number;
  eve_nom_fr: string;
  eve_lieu_fr: string;
  /** null or '' for two events, to exercise the client's language fallback. */
  eve_lieu_en: string | null;
  eve_date_debut: string;
  updated_at: string;
  categories: RawCategorySummary[];
}

export interface RawCustomAnswer {
  que_id: number;
  que_question_fr: string;
  que_question_en: string;
  reponse: string;
}

export interface RawRegistration {
  registration_id: number;
  event_id: number;
  first_name: string;
  last_name: string;
  email: string;
  category_id: number;
  order_id: string;
  payment_status: PaymentStatus;
  custom_questions: RawCustomAnswer[];
  created_at: string;
  updated_at: string;
}

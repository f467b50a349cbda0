import { z } from '@/lib/zod';
import { apiId, apiList, apiText } from '@/lib/api-schema';

/** Category summary embedded in an event (API document 2.2). */
export const categorySummarySchema = z.looseObject({
  category_id: apiId,
  epr_nom_fr: apiText,
  epr_nom_en: apiText,
});

/** Event (2.1). There is no English name: `eve_nom_fr` is shown in both languages. */
export const eventSchema = z.looseObject({
  eve_id: apiId,
  eve_nom_fr: apiText,
  eve_lieu_fr: apiText,
  eve_lieu_en: apiText,
  eve_date_debut: apiText,
  categories: apiList(categorySummarySchema),
});

/** Category from the categories endpoint (2.3). */
export const categorySchema = z.looseObject({
  category_id: apiId,
  eve_id: z.nullish(apiId),
  epr_type_fr: apiText,
  epr_type_en: apiText,
  epr_nom_fr: apiText,
  epr_nom_en: apiText,
});

/** GET /v1/events (4.1). `total` is "the number of events in the response"; the list is the truth. */
export const eventListResponseSchema = z.looseObject({
  events: z.array(eventSchema),
  total: z.nullish(z.int()),
});

/** GET /v1/events/{id} (4.2). */
export const eventDetailResponseSchema = z.looseObject({ event: eventSchema });

/** GET /v1/events/{id}/categories (4.3). */
export const categoryListResponseSchema = z.looseObject({
  event_id: z.nullish(apiId),
  categories: z.array(categorySchema),
});

export type PartnerEvent = z.output<typeof eventSchema>;
export type Category = z.output<typeof categorySchema>;

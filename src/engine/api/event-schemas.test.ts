import {
  categoryListResponseSchema,
  eventDetailResponseSchema,
  eventListResponseSchema,
} from './event-schemas';

describe('event schemas', () => {
  it('accept null and absent optional fields and read a missing category list as empty', () => {
    const parsed = eventListResponseSchema.parse({
      events: [
        { eve_id: 1, eve_nom_fr: 'Trail', eve_lieu_fr: null, eve_date_debut: '2026-05-01' },
        { eve_id: '2', eve_nom_fr: null, eve_lieu_fr: 'Genève', eve_lieu_en: 'Geneva', categories: null },
      ],
    });
    expect(parsed.events[0]).toMatchObject({
      eve_id: 1,
      eve_lieu_fr: null,
      eve_lieu_en: null,
      categories: [],
    });
    expect(parsed.events[1]).toMatchObject({ eve_id: 2, eve_nom_fr: null, categories: [] });
    expect(parsed.total).toBeUndefined();
  });

  it('keep unknown extra fields instead of rejecting them', () => {
    const parsed = eventDetailResponseSchema.parse({
      event: {
        eve_id: 3,
        eve_nom_fr: 'X',
        eve_date_fin: '2026-05-02',
        categories: [{ category_id: 9, epr_code: 'M' }],
      },
      meta: { version: 2 },
    });
    expect(parsed.event).toMatchObject({ eve_id: 3, eve_date_fin: '2026-05-02' });
    expect(parsed.event.categories[0]).toMatchObject({ category_id: 9, epr_nom_fr: null, epr_code: 'M' });
  });

  it('reject an event without an identifier, naming the field', () => {
    const result = eventListResponseSchema.safeParse({ events: [{ eve_id: 1 }, { eve_nom_fr: 'No id' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['events', 1, 'eve_id']);
  });

  it('reject a body that is not the documented shape', () => {
    expect(eventListResponseSchema.safeParse([{ eve_id: 1 }]).success).toBe(false);
    expect(categoryListResponseSchema.safeParse({ event_id: 1 }).success).toBe(false);
  });

  it('read numbers sent where text is documented as text', () => {
    const parsed = categoryListResponseSchema.parse({
      event_id: 4,
      categories: [{ category_id: 1, eve_id: 4, epr_nom_fr: 10, epr_nom_en: '10 km' }],
    });
    expect(parsed.categories[0]?.epr_nom_fr).toBe('10');
  });
});

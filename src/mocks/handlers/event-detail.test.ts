import { DEMO_KEYS } from '../data/demo-keys';
import { apiCaller, list, obj } from './test-helpers';

const call = apiCaller();

describe('GET /v1/events/:id and /v1/events/:id/categories', () => {
  it('returns one event with its category summaries', async () => {
    const result = await call('/v1/events/1005');
    expect(result.status).toBe(200);
    const event = obj(obj(result.body).event);
    expect(event.eve_id).toBe(1005);
    expect(event.eve_lieu_en).toBeNull();
    expect(list(event.categories).map((category) => Object.keys(category).sort())).toContainEqual([
      'category_id',
      'epr_nom_en',
      'epr_nom_fr',
    ]);
  });

  it('returns the categories with their types', async () => {
    const result = await call('/v1/events/1001/categories');
    expect(result.status).toBe(200);
    const body = obj(result.body);
    expect(body.event_id).toBe(1001);
    const categories = list(body.categories);
    expect(categories).toHaveLength(6);
    expect(categories[0]).toEqual({
      category_id: 10011,
      eve_id: 1001,
      epr_type_fr: 'Course',
      epr_type_en: 'Race',
      epr_nom_fr: 'Marathon 42 km',
      epr_nom_en: 'Marathon 42 km',
    });
  });

  it('answers 404 for unknown, malformed and other promoters’ events by default', async () => {
    const unknown = await call('/v1/events/999');
    const foreign = await call('/v1/events/1004');
    expect(unknown.status).toBe(404);
    expect(foreign.status).toBe(404);
    // Same body shape: a key cannot tell "exists elsewhere" from "does not exist".
    expect(obj(foreign.body).error).toBe(obj(unknown.body).error);
    for (const id of ['abc', '01001', '-1', '1.5', '1001x']) {
      expect((await call(`/v1/events/${id}`)).status, id).toBe(404);
      expect((await call(`/v1/events/${id}/categories`)).status, id).toBe(404);
    }
    expect((await call('/v1/events/1004/categories')).status).toBe(404);
    expect((await call('/v1/events/1004', DEMO_KEYS.coastal)).status).toBe(200);
  });

  it('answers 403 for another promoter’s event when so configured', async () => {
    const strict = apiCaller({ forbiddenStatus: 403 });
    const foreign = await strict('/v1/events/1004');
    expect(foreign.status).toBe(403);
    expect(obj(foreign.body).error).toBe('forbidden');
    expect((await strict('/v1/events/1004/registrations')).status).toBe(403);
    expect((await strict('/v1/events/999')).status).toBe(404);
  });

  it('checks the key before anything else', async () => {
    expect((await call('/v1/events/1001', null)).status).toBe(401);
    expect((await call('/v1/events/abc/categories', 'nope')).status).toBe(401);
  });
});

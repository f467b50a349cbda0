import { eventSchema, type PartnerEvent } from '@/engine/api/event-schemas';
import { editionCandidates, editionName, suggestPreviousEdition } from './edition-suggestion';

const event = (
  eve_id: number,
  eve_nom_fr: string,
  eve_lieu_fr: string,
  eve_date_debut: string | null,
): PartnerEvent =>
  eventSchema.parse({ eve_id, eve_nom_fr, eve_lieu_fr, eve_lieu_en: null, eve_date_debut, categories: [] });

describe('editionName', () => {
  it('drops a four-digit year and the punctuation around it, accents and case ignored', () => {
    for (const name of [
      'Trail des Aiguilles 2025',
      '2025 – Trail des Aiguilles',
      'Trail des Aiguilles (2025)',
      'TRAIL DES AIGUILLES',
      'Trail des Aiguilles - 2024',
    ]) {
      expect(editionName(name)).toBe('traildesaiguilles');
    }
  });

  it('keeps numbers that are not a year on their own', () => {
    expect(editionName('Ultra 80 km 2025')).toBe('ultra80km');
    expect(editionName('10000 m de Genève')).toBe('10000mdegeneve');
    expect(editionName('Marathon2025')).toBe('marathon2025');
  });
});

describe('suggestPreviousEdition', () => {
  const current = event(2, 'Trail des Aiguilles', 'Chamonix-Mont-Blanc', '2027-02-10');
  it('picks the latest earlier event with the same name without its year and the same place', () => {
    const events = [
      event(1, 'Trail des Aiguilles 2024', 'Chamonix-Mont-Blanc', '2025-02-10'),
      event(3, 'Trail des Aiguilles 2025', 'chamonix mont blanc', '2026-02-08'),
      event(4, 'Trail des Aiguilles 2025', 'Annecy', '2026-05-01'),
      event(5, 'Trail des Aiguilles 2028', 'Chamonix-Mont-Blanc', '2028-02-10'),
      event(6, 'Trail des Aiguilles', 'Chamonix-Mont-Blanc', null),
      current,
    ];
    expect(suggestPreviousEdition(current, events)?.eve_id).toBe(3);
  });

  it('suggests nothing when no earlier event shares the name and place', () => {
    expect(
      suggestPreviousEdition(current, [event(7, 'Corrida de Noël', 'Chamonix-Mont-Blanc', '2025-12-20')]),
    ).toBeNull();
    expect(
      suggestPreviousEdition(event(8, '2025', 'X', '2026-01-01'), [event(9, '2024', 'X', '2025-01-01')]),
    ).toBeNull();
  });

  it('offers every other event to pick from, earliest first, undated last', () => {
    const events = [
      event(3, 'B', 'X', '2026-02-08'),
      event(6, 'C', 'X', null),
      event(1, 'A', 'X', '2025-02-10'),
      current,
    ];
    expect(editionCandidates(current, events).map((e) => e.eve_id)).toEqual([1, 3, 6]);
  });
});

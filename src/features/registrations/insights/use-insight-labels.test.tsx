import { renderHook } from '@testing-library/react';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { useInsightLabels } from './use-insight-labels';

const { categories } = demoEvent(DEMO_EVENT_IDS.nullEnglish);
const family = categories.find((c) => c.epr_nom_en === null)!;
const tenK = categories[0]!;

describe('useInsightLabels', () => {
  it('names categories in English, marking a French fallback, and unknown or missing ones', () => {
    const { result } = renderHook(() => useInsightLabels(categories));
    expect(result.current.categoryLabel(tenK.category_id)).toEqual({ text: '10 km' });
    expect(result.current.categoryLabel(family.category_id)).toEqual({
      text: 'Course des familles',
      lang: 'fr',
    });
    expect(result.current.category(42)).toBe('Unknown category (#42)');
    expect(result.current.category(null)).toBe('No category');
  });

  it('translates known statuses, marks unknown ones as sent, and names the missing one', () => {
    const { result } = renderHook(() => useInsightLabels(categories));
    expect(result.current.status('refunded')).toBe('Refunded');
    expect(result.current.status('chargeback')).toBe('chargeback (unknown status)');
    expect(result.current.status('')).toBe('No status');
  });

  it('speaks French, with plurals', async () => {
    await i18n.changeLanguage('fr');
    const { result } = renderHook(() => useInsightLabels(categories));
    expect(result.current.categoryLabel(family.category_id)).toEqual({ text: 'Course des familles' });
    expect(result.current.status('paid')).toBe('Payé');
    expect(result.current.ordersOfSize(1)).toBe('Commandes de 1 personne');
    expect(result.current.ordersOfSize(3)).toBe('Commandes de 3 personnes');
    expect(result.current.category(null)).toBe('Sans catégorie');
  });
});

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@/features/events/api/schemas';
import { useLanguage } from '@/i18n/use-language';
import { pickLocalized } from '@/lib/localized-field';
import { isKnownStatus } from '../model/registration-rows';
import type { OverviewFigureLabels } from './overview-figures';

/** A label and, when it fell back to the other language, that language (for `lang`). */
export interface InsightLabel {
  readonly text: string;
  readonly lang?: string;
}

export interface InsightLabels extends OverviewFigureLabels {
  /** A category's name, marked when it is the French fallback of a missing English one. */
  readonly categoryLabel: (categoryId: number | null) => InsightLabel;
}

/**
 * Names for what the insights count, in the UI language: categories (with the API's
 * language fallback), payment statuses (known ones translated, unknown ones as sent,
 * '' as "no status"), and the overview's figure titles.
 */
export function useInsightLabels(categories: readonly Category[]): InsightLabels {
  const { t } = useTranslation('insights');
  const { t: tr } = useTranslation('registrations');
  const language = useLanguage();
  return useMemo(() => {
    const byId = new Map(categories.map((category) => [category.category_id, category]));
    const categoryLabel = (categoryId: number | null): InsightLabel => {
      if (categoryId === null) return { text: t('category.none') };
      const category = byId.get(categoryId);
      const picked = category ? pickLocalized(category, 'epr_nom', language) : null;
      if (!picked) return { text: t('category.unknown', { id: categoryId }) };
      return picked.isFallback ? { text: picked.text, lang: picked.lang } : { text: picked.text };
    };
    return {
      categoryLabel,
      category: (categoryId) => categoryLabel(categoryId).text,
      status: (status) =>
        status === '' ? tr('status.none') : isKnownStatus(status) ? tr(`status.${status}`) : status,
      total: t('figures.total'),
      byCategory: t('figures.byCategory'),
      byStatus: t('figures.byStatus'),
      orders: t('figures.orders'),
      ordersOfSize: (size) => t('figures.ordersOfSize', { count: size }),
      withoutOrder: t('figures.withoutOrder'),
      duplicates: t('figures.duplicates'),
    };
  }, [categories, language, t, tr]);
}

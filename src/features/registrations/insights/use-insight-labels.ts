import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@/engine/api/event-schemas';
import type { RegistrationLabels } from '../rows/registration-labels';
import { useRegistrationLabels } from '../rows/use-registrations-model';
import type { OverviewFigureLabels } from './overview-figures';

/** The overview's labels: those of registration-labels, and the figures' titles. */
export interface InsightLabels extends RegistrationLabels, OverviewFigureLabels {}

/**
 * Names for what the insights count, in the UI language: categories, payment statuses and
 * people exactly as the registrations table writes them (see registration-labels), and the
 * overview's figure titles.
 */
export function useInsightLabels(categories: readonly Category[]): InsightLabels {
  const { t } = useTranslation('insights');
  const labels = useRegistrationLabels(categories);
  return useMemo(
    () => ({
      ...labels,
      total: t('figures.total'),
      byCategory: t('figures.byCategory'),
      byStatus: t('figures.byStatus'),
      orders: t('figures.orders'),
      ordersOfSize: (size) => t('figures.ordersOfSize', { count: size }),
      withoutOrder: t('figures.withoutOrder'),
      duplicates: t('figures.duplicates'),
    }),
    [labels, t],
  );
}

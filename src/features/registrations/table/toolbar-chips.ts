import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant } from '@/lib/dates';
import { questionColumnId } from '../rows/question-columns';
import type { Label, RegistrationLabels } from '../rows/registration-labels';
import { cellText, type RegistrationRow } from '../rows/registration-rows';
import { parseAnswerFilter, type RegistrationsView } from '../rows/registrations-view';

/**
 * The chips of the toolbar that say what narrows the table, each in the words of its cells:
 * answers to a question, excluded categories and statuses ("not Cancelled"), and the change
 * followed from "What changed".
 */
export function useToolbarChips(
  view: RegistrationsView,
  titles: ReadonlyMap<string, Label>,
  filteredRows: readonly RegistrationRow[],
  labels: RegistrationLabels,
) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const answerChips = view.answers.map((value) => {
    const { queId, key } = parseAnswerFilter(value);
    const title = titles.get(questionColumnId(queId))?.text ?? t('questionFallback', { id: queId });
    // A clean value by its name; else the answer as participants spelled it (the key is
    // folded), from a row that gave it.
    const shown =
      key === ''
        ? t('filters.noAnswer')
        : (labels.cleanAnswer(key) ??
          (filteredRows[0] && cellText(filteredRows[0], questionColumnId(queId)).trim()) ??
          key);
    return { value, label: t('filters.answerChip', { question: title, answer: shown }) };
  });
  // "not Cancelled": each excluded value labelled as its cells are, even one no row has.
  const exclusionChips = [
    ...view.excludedCategories.map((value) => {
      const label = labels.categoryLabel(value === '' ? null : Number(value));
      return { facet: 'categories' as const, value, label: label.text, lang: label.lang };
    }),
    ...view.excludedStatuses.map((value) => ({
      facet: 'statuses' as const,
      value,
      label: labels.status(value),
    })),
  ];
  const changes = view.changes;
  const changeChip = changes
    ? changes.kind === 'status' && changes.from !== undefined && changes.from !== null
      ? t('changes.chip.statusFrom', {
          from: labels.status(changes.from),
          time: formatInstant(new Date(changes.since), language),
        })
      : t(`changes.chip.${changes.kind}`, { time: formatInstant(new Date(changes.since), language) })
    : null;

  return { answerChips, exclusionChips, changeChip };
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '@/engine/api/registration-schemas';
import { useLanguage } from '@/i18n/use-language';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { OverviewSkeleton } from '../overview/overview-skeleton';
import { questionTitle } from '@/features/registrations/rows/registration-labels';
import { ChecksSection } from './checks-section';
import type { useChecks } from '@/features/registrations/checks/use-checks';

interface ChecksTabProps {
  readonly eventId: number;
  readonly checks: ReturnType<typeof useChecks>;
  readonly registrations: readonly Registration[];
  /** The whole list is loaded: the scan is final once it read it. */
  readonly complete: boolean;
  readonly labels: InsightLabels;
}

/** The event page's Checks tab: the data doctor's findings once a scan is back, "Checking…" until then. */
export function ChecksTab({ eventId, checks, registrations, complete, labels }: ChecksTabProps) {
  const { t } = useTranslation('insights');
  const questionText = useQuestionTexts(registrations);
  if (!checks.latest)
    return (
      <div className="card overview-section" aria-busy="true">
        <p role="status">{t('checks.scanning')}</p>
        <OverviewSkeleton />
      </div>
    );
  return (
    <ChecksSection
      eventId={eventId}
      summary={checks.latest}
      final={complete && checks.summary !== null}
      registrations={registrations}
      fine={checks.fine}
      onMark={checks.mark}
      labels={labels}
      questionText={questionText}
      notKept={checks.keeping === 'not-kept'}
    />
  );
}

/**
 * Each question's text in the interface language, as the registrations carry it (the other
 * language's when it has none; "Question #id" when neither).
 */
function useQuestionTexts(registrations: readonly Registration[]): (queId: number) => string {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const questions = useMemo(() => {
    const found = new Map<number, { que_question_fr: string | null; que_question_en: string | null }>();
    for (const row of registrations) {
      for (const entry of row.custom_questions) {
        const known = found.get(entry.que_id);
        if (known?.que_question_fr && known.que_question_en) continue;
        found.set(entry.que_id, {
          que_question_fr: known?.que_question_fr || entry.que_question_fr || null,
          que_question_en: known?.que_question_en || entry.que_question_en || null,
        });
      }
    }
    return found;
  }, [registrations]);
  return (queId) => {
    const fallback = t('overview.questions.fallback', { id: queId });
    const question = questions.get(queId);
    return question ? questionTitle(question, language, fallback).text : fallback;
  };
}

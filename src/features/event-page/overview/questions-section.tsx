import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionInsight } from '@/engine/figures/question-insights';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { QuestionAnswers } from './question-answers';

interface QuestionsSectionProps {
  readonly eventId: number;
  readonly questions: readonly QuestionInsight[];
  /** All registrations of the event. */
  readonly total: number;
  readonly labels: InsightLabels;
}

/** The answers to every custom question of the event, in the order the questions appear. */
export function QuestionsSection({ eventId, questions, total, labels }: QuestionsSectionProps) {
  const { t } = useTranslation('insights');
  const headingId = useId();
  return (
    <section className="card overview-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('overview.questions.title')}</h2>
      {questions.length === 0 ? (
        <p className="muted">{t('overview.questions.none')}</p>
      ) : (
        questions.map((question) => (
          <QuestionAnswers
            key={question.queId}
            eventId={eventId}
            question={question}
            total={total}
            labels={labels}
          />
        ))
      )}
    </section>
  );
}

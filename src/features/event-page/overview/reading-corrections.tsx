import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NotKeptLine } from '@/components/states/not-kept-line';
import type { QuestionInsight } from '@/engine/figures/question-insights';
import { useLanguage } from '@/i18n/use-language';
import {
  AS_TYPED,
  cleanKey,
  parseCleanKey,
  VOCABULARIES,
  type AnswerCorrections,
} from '@/lib/clean-answers/clean-answers';
import { formatCount } from '@/lib/numbers';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import {
  correctionsForQuestion,
  useAnswerCorrections,
} from '@/features/registrations/rows/answer-corrections';
import { useEventName } from '@/features/registrations/editions/edition-links';
import { usePreviousEdition } from '@/features/registrations/editions/use-previous-edition';

interface ReadingCorrectionsProps {
  readonly eventId: number;
  readonly question: QuestionInsight;
  readonly title: string;
  readonly labels: Pick<InsightLabels, 'cleanAnswer'>;
}

/**
 * Each distinct answer to a question read with a vocabulary, and the value it counts as, for
 * the promoter to correct ("m/l" is M here; "Moyen" is not a size). A correction counts at
 * once on every screen, file and printed list of the event, and is kept on this device.
 */
export function ReadingCorrections({ eventId, question, title, labels }: ReadingCorrectionsProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const id = useId();
  const { corrections, ready, correct, keeping } = useAnswerCorrections(eventId);
  const { reading, typed } = question;
  if (!reading || !typed || typed.length === 0 || !ready) return null;
  const { values, read } = VOCABULARIES[reading];
  const own = corrections[String(question.queId)] ?? {};
  const corrected = typed.filter((answer) => own[answer.key] !== undefined).length;
  const texts = [question.que_question_fr, question.que_question_en];
  const setOwn = (next: AnswerCorrections) => correct(question.queId, texts, next);

  const correctOne = (key: string, text: string, value: string) => {
    const automatic = read(text) ?? AS_TYPED;
    const { [key]: _previous, ...others } = own;
    // Back to what the vocabulary reads: no correction is kept for it.
    setOwn(value === automatic ? others : { ...others, [key]: value });
  };

  return (
    <div className="reading-corrections">
      {Object.keys(own).length === 0 ? (
        <PreviousEditionOffer eventId={eventId} texts={texts} onApply={setOwn} />
      ) : null}
      <p className="muted" id={`${id}-note`}>
        {t('overview.questions.correctNote')}
      </p>
      <NotKeptLine shown={keeping === 'not-kept'}>{t('overview.questions.notKept')}</NotKeptLine>
      <table className="data-table reading-corrections__table" aria-describedby={`${id}-note`}>
        <caption>{t('overview.questions.correctCaption', { question: title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.questions.typed')}</th>
            <th scope="col" className="data-table__number">
              {t('overview.questions.people')}
            </th>
            <th scope="col">{t('overview.questions.countedAs')}</th>
          </tr>
        </thead>
        <tbody>
          {typed.map((answer) => {
            const value = parseCleanKey(answer.readAs)?.value ?? AS_TYPED;
            const text = answer.text.trim();
            return (
              <tr key={answer.key}>
                <th scope="row">
                  {t('overview.questions.quoted', { text })}
                  {own[answer.key] !== undefined ? (
                    <span className="badge reading-corrections__badge">
                      {t('overview.questions.corrected')}
                    </span>
                  ) : null}
                </th>
                <td className="data-table__number">{formatCount(answer.count, language)}</td>
                <td>
                  <select
                    className="input"
                    aria-label={t('overview.questions.countAs', { answer: text })}
                    value={value}
                    onChange={(event) => correctOne(answer.key, answer.text, event.target.value)}
                  >
                    {values.map((clean) => (
                      <option key={clean} value={clean}>
                        {labels.cleanAnswer(cleanKey(reading, clean)) ?? clean}
                      </option>
                    ))}
                    <option value={AS_TYPED}>{t('overview.questions.asTypedOption')}</option>
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {corrected > 0 ? (
        <p>
          <button type="button" className="button" onClick={() => setOwn({})}>
            {t('overview.questions.resetCorrections', {
              count: corrected,
              formatted: formatCount(corrected, language),
            })}
          </button>
        </p>
      ) : null}
    </div>
  );
}

interface PreviousEditionOfferProps {
  readonly eventId: number;
  readonly texts: readonly (string | null)[];
  readonly onApply: (corrections: AnswerCorrections) => void;
}

/** The corrections made for the same question at the previous edition, offered to apply here. */
function PreviousEditionOffer({ eventId, texts, onApply }: PreviousEditionOfferProps) {
  const previousId = usePreviousEdition(eventId);
  return previousId === null ? null : <Offer previousId={previousId} texts={texts} onApply={onApply} />;
}

function Offer({
  previousId,
  texts,
  onApply,
}: Omit<PreviousEditionOfferProps, 'eventId'> & { readonly previousId: number }) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const { kept } = useAnswerCorrections(previousId);
  const name = useEventName(previousId);
  const offered = correctionsForQuestion(kept, texts);
  const count = offered ? Object.keys(offered).length : 0;
  if (!offered || count === 0) return null;
  return (
    <p className="reading-corrections__offer">
      {t('overview.questions.previousCorrections', {
        count,
        formatted: formatCount(count, language),
        event: name,
      })}{' '}
      <button type="button" className="button" onClick={() => onApply(offered)}>
        {t('overview.questions.applyPrevious', { count })}
      </button>
    </p>
  );
}

import { useTranslation } from 'react-i18next';
import { SideSheet } from '@/components/dialog/side-sheet';
import { LocalizedText } from '@/components/localized-text';
import { formatInstant } from '@/lib/dates';
import type { Label } from '../rows/registration-labels';
import { MISSING } from '../rows/registration-labels';
import { FIXED_COLUMN_IDS } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import { useLanguage } from '@/i18n/use-language';

const DOCUMENTED_FIELDS = new Set([
  'registration_id',
  'event_id',
  'first_name',
  'last_name',
  'email',
  'category_id',
  'order_id',
  'payment_status',
  'custom_questions',
]);

interface RegistrationDetailsProps {
  row: RegistrationRow;
  titles: ReadonlyMap<string, Label>;
  onClose: () => void;
}

/**
 * Every field of one registration and every answer, including fields the API document does
 * not list, in a modal dialog: focus stays inside it, Escape or the close button closes it,
 * and the caller returns focus to the row that opened it. Long answers wrap; everything is
 * rendered as text.
 */
export function RegistrationDetails({ row, titles, onClose }: RegistrationDetailsProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const registration = row.registration;
  const extras = Object.entries(registration).filter(([key]) => !DOCUMENTED_FIELDS.has(key));

  return (
    <SideSheet
      title={t('details.title', { id: registration.registration_id })}
      closeLabel={t('details.close')}
      // Escape, the close button or the backdrop: the screen forgets the selection and moves focus back.
      onClose={onClose}
    >
      <dl className="registration-details__list">
        {FIXED_COLUMN_IDS.map((id) => (
          <div key={id}>
            <dt>{titles.get(id)?.text ?? id}</dt>
            <dd>{row.cells[id] || MISSING}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('details.answers')}</h3>
      {registration.custom_questions.length === 0 ? (
        <p className="muted">{t('details.noAnswers')}</p>
      ) : (
        <dl className="registration-details__list">
          {registration.custom_questions.map((answer, index) => (
            <div key={`${answer.que_id}-${index}`}>
              <dt>
                <LocalizedText
                  record={answer}
                  field="que_question"
                  empty={t('questionFallback', { id: answer.que_id })}
                />
              </dt>
              <dd className="registration-details__answer">{answer.reponse || MISSING}</dd>
            </div>
          ))}
        </dl>
      )}
      {extras.length > 0 ? (
        // Fields the API document does not list: kept for completeness, folded away.
        <details className="registration-details__extras">
          <summary>{t('details.otherFields', { count: extras.length })}</summary>
          <dl className="registration-details__list">
            {extras.map(([key, value]) => (
              <div key={key}>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd className="registration-details__answer">{formatExtra(value, language)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </SideSheet>
  );
}

/** An ISO 8601 date-time, as APIs send timestamps (2026-04-16T03:18:53.813Z). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function formatExtra(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (typeof value === 'string') {
    const instant = ISO_INSTANT.test(value) ? new Date(value) : null;
    return instant && !Number.isNaN(instant.getTime()) ? formatInstant(instant, locale) : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedText } from '@/components/localized-text';
import type { ColumnTitle } from './registrations-columns';
import { FIXED_COLUMN_IDS, type RegistrationRow } from '../model/registration-rows';

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
  titles: ReadonlyMap<string, ColumnTitle>;
  onClose: () => void;
}

/**
 * Every field of one registration and every answer, including fields the API document does
 * not list. Long answers wrap; everything is rendered as text. Escape closes, and focus
 * returns to the row that opened it (the caller keeps that button).
 */
export function RegistrationDetails({ row, titles, onClose }: RegistrationDetailsProps) {
  const { t } = useTranslation('registrations');
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const registration = row.registration;
  const extras = Object.entries(registration).filter(([key]) => !DOCUMENTED_FIELDS.has(key));

  useEffect(() => {
    panel.current?.focus();
  }, [row.id]);

  return (
    <aside
      ref={panel}
      className="card registration-details"
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="registration-details__header">
        <h2 id={headingId}>{t('details.title', { id: registration.registration_id })}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t('details.close')}
        </button>
      </div>
      <dl className="registration-details__list">
        {FIXED_COLUMN_IDS.map((id) => (
          <div key={id}>
            <dt>{titles.get(id)?.text ?? id}</dt>
            <dd>{row.cells[id] || '—'}</dd>
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
              <dd className="registration-details__answer">{answer.reponse || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
      {extras.length > 0 ? (
        <>
          <h3>{t('details.otherFields')}</h3>
          <dl className="registration-details__list">
            {extras.map(([key, value]) => (
              <div key={key}>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd className="registration-details__answer">{formatExtra(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </aside>
  );
}

function formatExtra(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

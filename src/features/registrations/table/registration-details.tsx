import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { SideSheet } from '@/components/dialog/side-sheet';
import { formatCount } from '@/lib/numbers';
import { LocalizedText } from '@/components/localized-text';
import { formatInstant } from '@/lib/dates';
import type { Label } from '../rows/registration-labels';
import { MISSING } from '../rows/registration-labels';
import { FIXED_COLUMN_IDS } from '../rows/registration-labels';
import { cellText, personName, type RegistrationRow } from '../rows/registration-rows';
import { useLanguage } from '@/i18n/use-language';
import { REGISTRATION_FIELDS } from '@/engine/api/registration-fields';
import { wholeRegistrationQuery } from '../api/whole-registration';
import './registration-details.css';

const DOCUMENTED_FIELDS = new Set<string>(REGISTRATION_FIELDS);

/** Where the details sit in the list the table shows (its search, filters and order). */
export interface DetailsPosition {
  /** 0-based; -1 when the registration is not in the list (opened by a link, then filtered out). */
  readonly index: number;
  readonly total: number;
  /** The registration before and after it in the list; undefined at either end. */
  readonly onPrevious?: () => void;
  readonly onNext?: () => void;
}

interface RegistrationDetailsProps {
  eventId: number;
  /** The version of the engine's list the row comes from (RegistrationsData.version). */
  version: number | null;
  row: RegistrationRow;
  titles: ReadonlyMap<string, Label>;
  position: DetailsPosition;
  /** The other registrations with the same order number, in the table's order. */
  sameOrder: readonly RegistrationRow[];
  /** The screen's URL with another registration's details open (same view). */
  detailsTo: (registrationId: number) => To;
  /** The screen's URL filtered to one order. */
  orderTo: (orderId: string) => To;
  onClose: () => void;
}

/** Keys that move through the list while the details are open (documented with aria-keyshortcuts). */
const PREVIOUS_KEY = 'ArrowLeft';
const NEXT_KEY = 'ArrowRight';

/**
 * Every field of one registration and every answer, including fields the API document does
 * not list, in a modal dialog: focus stays inside it, Escape or the close button closes it,
 * and the caller returns focus to the row that opened it. Long answers wrap; everything is
 * rendered as text.
 *
 * It leads on: Previous and Next (or the Left and Right arrow keys) move through the rows in
 * the table's current order and filter, the order number leads to the table filtered on that
 * order, and the other registrations of the order open their own details.
 */
export function RegistrationDetails({
  eventId,
  version,
  row,
  titles,
  position,
  sameOrder,
  detailsTo,
  orderTo,
  onClose,
}: RegistrationDetailsProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const registration = row.registration;
  // The fields the API document does not list come from the engine (the page holds the others).
  const whole = useQuery(wholeRegistrationQuery(eventId, version, row.id)).data;
  const extras = whole ? Object.entries(whole).filter(([key]) => !DOCUMENTED_FIELDS.has(key)) : [];
  const orderId = cellText(row, 'order_id').trim();

  // Following a link of "Also in this order" takes its registration out of that list (it is now
  // the one shown), and the focus on the link with it, to the page behind the sheet: nothing is
  // read out and the arrow keys no longer reach the sheet. The focus comes back to the sheet's
  // title, which a screen reader then reads.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownId = useRef(row.id);
  useEffect(() => {
    if (shownId.current === row.id) return;
    shownId.current = row.id;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) headingRef.current?.focus();
  }, [row.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // Arrows inside a field or an open disclosure's text keep their usual meaning.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    const move =
      event.key === PREVIOUS_KEY ? position.onPrevious : event.key === NEXT_KEY ? position.onNext : null;
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <SideSheet
      title={t('details.title', { id: registration.registration_id })}
      closeLabel={t('details.close')}
      // Escape, the close button or the backdrop: the screen forgets the selection and moves focus back.
      onClose={onClose}
      onKeyDown={onKeyDown}
      headingRef={headingRef}
    >
      {/*
        At either end of the list its button stays focusable (aria-disabled, not disabled): a
        focused Next clicked onto the last row would otherwise drop the focus out of the sheet,
        and the arrow keys with it.
      */}
      <nav className="registration-details__nav" aria-label={t('details.navigation')}>
        <button
          type="button"
          className="button"
          onClick={position.onPrevious}
          aria-disabled={!position.onPrevious}
          aria-keyshortcuts={PREVIOUS_KEY}
        >
          <span aria-hidden="true">← </span>
          {t('details.previous')}
        </button>
        <span className="registration-details__position" aria-live="polite">
          {position.index >= 0
            ? t('details.position', {
                position: formatCount(position.index + 1, language),
                total: formatCount(position.total, language),
              })
            : t('details.notInList')}
        </span>
        <button
          type="button"
          className="button"
          onClick={position.onNext}
          aria-disabled={!position.onNext}
          aria-keyshortcuts={NEXT_KEY}
        >
          {t('details.next')}
          <span aria-hidden="true"> →</span>
        </button>
      </nav>
      <dl className="registration-details__list">
        {FIXED_COLUMN_IDS.map((id) => (
          <div key={id}>
            <dt>{titles.get(id)?.text ?? id}</dt>
            <dd>
              {id === 'order_id' && orderId !== '' ? (
                <Link to={orderTo(orderId)} aria-label={t('details.orderLink', { order: orderId })}>
                  {cellText(row, 'order_id')}
                </Link>
              ) : (
                cellText(row, id) || MISSING
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t('details.sameOrder', { count: sameOrder.length })}</h3>
      {orderId === '' ? (
        <p className="muted">{t('details.noOrder')}</p>
      ) : sameOrder.length === 0 ? (
        <p className="muted">{t('details.aloneInOrder')}</p>
      ) : (
        <ul className="registration-details__order">
          {sameOrder.map((other) => (
            <li key={other.id}>
              {/*
                Named by its registration, not only by its person: one person registered twice in
                an order (or two namesakes) would otherwise give links alike, one of them seemingly
                to the registration already open.
              */}
              <Link
                to={detailsTo(other.id)}
                replace
                aria-label={t('table.openDetails', { id: other.id, name: personName(other) })}
              >
                <bdi>{personName(other)}</bdi>
              </Link>
              <span className="muted">
                {' · #'}
                {other.id}
                {' · '}
                {other.category || MISSING}
                {' · '}
                {other.status || MISSING}
              </span>
            </li>
          ))}
        </ul>
      )}
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

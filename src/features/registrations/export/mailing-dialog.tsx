import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '@/components/dialog/use-modal-dialog';
import { useLanguage } from '@/i18n/use-language';
import type { Category } from '@/engine/api/event-schemas';
import { formatCount } from '@/lib/numbers';
import { leftOutStatusNames, statusValuesText } from '@/engine/api/payment-status';
import { personName, type RegistrationRow } from '../rows/registration-rows';
import { useRegistrationLabels } from '../rows/use-registrations-model';
import { addressBatches, batchText, mailingAudience } from './mailing-addresses';
import '@/components/dialog/modal-dialog.css';
import './mailing-dialog.css';

/** A BCC field's common limit: Gmail and Outlook accounts start refusing a few hundred recipients. */
const DEFAULT_BATCH_SIZE = 50;
const MAX_BATCH_SIZE = 1000;
/** Invalid addresses listed by name: enough to correct by hand, never a page of thousands. */
const INVALID_LISTED = 100;
/** Status names need no category. */
const NO_CATEGORIES: readonly Category[] = [];

interface MailingDialogProps {
  /** The rows of the view, in its order, from the whole list. */
  rows: readonly RegistrationRow[];
  onClose: () => void;
}

type CopyOutcome = { batch: number; ok: true; count: number } | { batch: number; ok: false };

/**
 * "Copy e-mail addresses": the unique valid addresses of the rows shown (mailing-addresses,
 * the rule the audience CSV follows too), cut into batches of a chosen size, each with its
 * Copy button (navigator.clipboard.writeText), and what was left out and why: always which
 * statuses are never mailed and how many rows that is, and the rows kept with a status the app
 * does not know. Addresses and names come from registrants: rendered as text, never as markup.
 */
export function MailingDialog({ rows, onClose }: MailingDialogProps) {
  const { t } = useTranslation('mailing');
  const language = useLanguage();
  const labels = useRegistrationLabels(NO_CATEGORIES);
  const headingId = useId();
  const sizeId = useId();
  const { dialogProps, close } = useModalDialog(onClose);
  const audience = useMemo(() => mailingAudience(rows), [rows]);
  const addresses = useMemo(() => audience.recipients.map((recipient) => recipient.address), [audience]);
  const [sizeText, setSizeText] = useState(String(DEFAULT_BATCH_SIZE));
  const [size, setSize] = useState(DEFAULT_BATCH_SIZE);
  const batches = useMemo(() => addressBatches(addresses, size), [addresses, size]);
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  /** The batches copied so far (of this batch size). */
  const [copiedBatches, setCopiedBatches] = useState<ReadonlySet<number>>(new Set());
  const failedText = useRef<HTMLTextAreaElement>(null);
  const firstCopy = useRef<HTMLButtonElement>(null);
  // After showModal (the effect above), which focuses the first control (the invalid
  // addresses' disclosure): focus starts on the first batch's Copy, the dialog's main action.
  useEffect(() => firstCopy.current?.focus(), []);
  const count = (n: number) => formatCount(n, language);
  const formulaLike = audience.recipients.filter((recipient) => recipient.formulaLike);

  const copy = async (index: number) => {
    const batch = batches[index] ?? [];
    try {
      await navigator.clipboard.writeText(batchText(batch));
      setOutcome({ batch: index, ok: true, count: batch.length });
      setCopiedBatches((copied) => new Set(copied).add(index));
    } catch {
      // No clipboard (an insecure page, a refusal): the batch is shown selected to copy by hand.
      setOutcome({ batch: index, ok: false });
      requestAnimationFrame(() => failedText.current?.select());
    }
  };

  return (
    <dialog {...dialogProps} className="modal-dialog mailing-dialog" aria-labelledby={headingId}>
      <div className="mailing-dialog__body">
        <h2 id={headingId}>{t('dialog.title')}</h2>
        <p>
          {addresses.length === 0
            ? t('dialog.none', { rows: count(audience.rows) })
            : t('dialog.summary', {
                count: addresses.length,
                formatted: count(addresses.length),
                rows: count(audience.rows),
              })}
        </p>
        <p>
          {t('dialog.statusLeftOut', {
            count: audience.leftOutStatus,
            formatted: count(audience.leftOutStatus),
            statuses: leftOutStatusNames(labels.status, language),
          })}
          {audience.unknownStatus > 0
            ? ` ${t('dialog.unknownStatus', {
                count: audience.unknownStatus,
                formatted: count(audience.unknownStatus),
                statuses: statusValuesText(audience.unknownStatuses),
              })}`
            : null}
        </p>
        {audience.missing + audience.invalid.length + audience.repeated > 0 ? (
          <section className="mailing-dialog__left-out" aria-label={t('dialog.leftOutTitle')}>
            <ul>
              {audience.missing > 0 ? (
                <li>
                  {t('dialog.missing', { count: audience.missing, formatted: count(audience.missing) })}
                </li>
              ) : null}
              {audience.invalid.length > 0 ? (
                <li>
                  {t('dialog.invalid', {
                    count: audience.invalid.length,
                    formatted: count(audience.invalid.length),
                  })}
                  <details>
                    <summary>{t('dialog.invalidShow')}</summary>
                    <ul className="mailing-dialog__addresses">
                      {audience.invalid.slice(0, INVALID_LISTED).map((row) => (
                        <li key={row.id}>
                          {t('dialog.invalidItem', {
                            name: personName(row),
                            address: row.registration.email ?? '',
                          })}
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ) : null}
              {audience.repeated > 0 ? (
                <li>
                  {t('dialog.repeated', { count: audience.repeated, formatted: count(audience.repeated) })}
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
        {formulaLike.length > 0 ? (
          <div className="mailing-dialog__note">
            <p>
              {t('dialog.formulaLike', { count: formulaLike.length, formatted: count(formulaLike.length) })}
            </p>
            <ul className="mailing-dialog__addresses">
              {formulaLike.map((recipient) => (
                <li key={recipient.row.id}>{recipient.address}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {addresses.length > 0 ? (
          <>
            <div className="field mailing-dialog__size">
              <label htmlFor={sizeId}>{t('dialog.batchSize')}</label>
              <input
                id={sizeId}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_BATCH_SIZE}
                step={1}
                value={sizeText}
                aria-describedby={`${sizeId}-hint`}
                onChange={(event) => {
                  setSizeText(event.target.value);
                  const value = Number(event.target.value);
                  // A half-typed or empty field keeps the last size that makes sense.
                  if (Number.isInteger(value) && value >= 1 && value <= MAX_BATCH_SIZE) {
                    setSize(value);
                    setOutcome(null);
                    setCopiedBatches(new Set());
                  }
                }}
              />
              <span className="field__hint" id={`${sizeId}-hint`}>
                {t('dialog.batchHint')}
              </span>
            </div>
            <h3 className="mailing-dialog__batches-title">{t('dialog.batches')}</h3>
            <ol className="mailing-dialog__batches">
              {batches.map((batch, index) => {
                const from = index * size + 1;
                return (
                  <li key={index} className="mailing-dialog__batch">
                    <span>
                      {t('dialog.batch', {
                        n: index + 1,
                        from: count(from),
                        to: count(from + batch.length - 1),
                      })}
                    </span>
                    {copiedBatches.has(index) ? (
                      <span className="mailing-dialog__done">✓ {t('dialog.copiedMark')}</span>
                    ) : null}
                    <button
                      type="button"
                      className="button"
                      ref={index === 0 ? firstCopy : undefined}
                      onClick={() => void copy(index)}
                    >
                      {t('dialog.copyBatch', { n: index + 1 })}
                    </button>
                    {outcome && !outcome.ok && outcome.batch === index ? (
                      <textarea
                        ref={failedText}
                        className="input mailing-dialog__text"
                        readOnly
                        aria-label={t('dialog.batchText', { n: index + 1 })}
                        value={batchText(batch)}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </>
        ) : null}
        <div className="mailing-dialog__actions">
          <p className="mailing-dialog__status" role="status">
            {outcome === null
              ? ''
              : outcome.ok
                ? t('dialog.copied', {
                    n: outcome.batch + 1,
                    count: outcome.count,
                    formatted: count(outcome.count),
                  })
                : t('dialog.copyFailed', { n: outcome.batch + 1 })}
          </p>
          <button type="button" className="button" onClick={close}>
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

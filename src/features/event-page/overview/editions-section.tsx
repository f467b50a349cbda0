import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NotKeptLine } from '@/components/states/not-kept-line';
import { Skeleton } from '@/components/states/skeleton';
import { ApiErrorState } from '@/components/states/api-error-state';
import { EventName, useEventLabel, type EventNaming } from '@/features/events/label/event-label';
import { eventQueries } from '@/features/events/api/queries';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { useLanguage } from '@/i18n/use-language';
import { formatCalendarDate } from '@/lib/dates';
import { useEditionLink } from '@/features/registrations/editions/edition-link';
import {
  editionCandidates,
  suggestPreviousEdition,
} from '@/features/registrations/editions/edition-suggestion';
import { EditionFigures } from './edition-figures';
import './editions.css';

/**
 * The event against its previous edition. The link comes first: suggested from the events
 * list (same name without its year, same place, earlier), confirmed or picked by the promoter
 * ("No previous edition" too), and kept on this device. Once linked, the figures (see
 * EditionFigures).
 */
export function EditionsSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation('editions');
  const headingId = useId();
  const events = useQuery(eventQueries.list());
  const { link, ready, setLink, keeping } = useEditionLink(eventId);
  const [picking, setPicking] = useState(false);
  const label = useEventLabel();

  const all = events.data?.events ?? [];
  const current = all.find((event) => event.eve_id === eventId);
  const suggestion = current ? suggestPreviousEdition(current, all) : null;
  const nameOf = (id: number) => label(all.find((event) => event.eve_id === id) ?? id).text;

  let body;
  if (events.isError) {
    body = <ApiErrorState error={events.error} onRetry={() => void events.refetch()} />;
  } else if (!ready || events.isPending) {
    body = (
      <div className="editions__link" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('reading')}
        </p>
        <Skeleton width="50%" />
        <Skeleton width="12rem" height="2.5rem" />
      </div>
    );
  } else if (picking || (link === undefined && !suggestion && current)) {
    body = (
      <EditionPicker
        current={current}
        events={all}
        initial={link?.previousEventId ?? suggestion?.eve_id ?? null}
        intro={link === undefined && !suggestion ? t('noSuggestion') : null}
        onSave={(previousEventId) => {
          setLink({ previousEventId });
          setPicking(false);
        }}
        {...(link !== undefined || suggestion ? { onCancel: () => setPicking(false) } : {})}
      />
    );
  } else if (link === undefined && suggestion) {
    body = (
      <div className="editions__link">
        <p>
          {t('suggested')} <EditionEvent event={suggestion} />
        </p>
        <div className="editions__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setLink({ previousEventId: suggestion.eve_id })}
          >
            {t('confirm')}
          </button>
          <button type="button" className="button" onClick={() => setPicking(true)}>
            {t('pickAnother')}
          </button>
        </div>
      </div>
    );
  } else {
    const previous = link?.previousEventId ?? null;
    const previousEvent = previous === null ? undefined : all.find((event) => event.eve_id === previous);
    body = (
      <>
        <div className="editions__link">
          <p>
            {previous === null ? (
              t('none')
            ) : (
              <>
                {t('linked')} <EditionEvent event={previousEvent ?? previous} />
              </>
            )}{' '}
            {keeping === 'not-kept' ? null : <span className="muted">{t('kept')}</span>}
          </p>
          <NotKeptLine shown={keeping === 'not-kept'}>{t('notKept')}</NotKeptLine>
          <div className="editions__actions">
            <button type="button" className="button" onClick={() => setPicking(true)}>
              {previous === null ? t('pick') : t('change')}
            </button>
          </div>
        </div>
        {previous !== null ? (
          <EditionFigures eventId={eventId} previousEventId={previous} previousName={nameOf(previous)} />
        ) : null}
      </>
    );
  }

  return (
    <section className="card overview-section editions" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      {body}
    </section>
  );
}

/** An event's label and, when known, its start date. */
function EditionEvent({ event }: { event: EventNaming & Partial<Pick<PartnerEvent, 'eve_date_debut'>> }) {
  const language = useLanguage();
  return (
    <>
      <strong>
        <EventName event={event} />
      </strong>
      {event.eve_date_debut ? <> ({formatCalendarDate(event.eve_date_debut, language)})</> : null}
    </>
  );
}

interface EditionPickerProps {
  readonly current: PartnerEvent | undefined;
  readonly events: readonly PartnerEvent[];
  readonly initial: number | null;
  readonly intro: string | null;
  readonly onSave: (previousEventId: number | null) => void;
  readonly onCancel?: () => void;
}

/** A select of the promoter's other events, earliest first, and "No previous edition". */
function EditionPicker({ current, events, initial, intro, onSave, onCancel }: EditionPickerProps) {
  const { t } = useTranslation('editions');
  const language = useLanguage();
  const label = useEventLabel();
  const selectId = useId();
  const [value, setValue] = useState(initial === null ? '' : String(initial));
  const candidates = current ? editionCandidates(current, events) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value === '' ? null : Number(value));
  };
  return (
    <form className="editions__picker" onSubmit={submit}>
      {intro ? <p>{intro}</p> : null}
      <div className="field">
        <label htmlFor={selectId}>{t('select.label')}</label>
        <select
          id={selectId}
          className="input"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="">{t('select.none')}</option>
          {candidates.map((event) => (
            <option key={event.eve_id} value={String(event.eve_id)}>
              {t('eventOption', {
                name: label(event).text,
                date: event.eve_date_debut ? formatCalendarDate(event.eve_date_debut, language) : '—',
              })}
            </option>
          ))}
        </select>
      </div>
      <div className="editions__actions">
        <button type="submit" className="button button--primary">
          {t('select.save')}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('select.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorState } from '@/components/states/api-error-state';
import { StatePanel } from '@/components/states/state-panel';
import { useEventLabel } from '@/features/events/api/event-label';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { useMediaQuery } from '@/components/use-media-query';
import { preloadableLazy } from '@/components/preloadable-lazy';
import { isPhoneLayout, PHONE_LAYOUT_QUERY } from '@/config/layout';
import { formatCount } from '@/lib/numbers';
import { overviewFigures } from '../insights/overview-figures';
import { useInsightLabels } from '../insights/use-insight-labels';
import { questionColumnId } from '../rows/question-columns';
import type { RegistrationRow } from '../rows/registration-rows';
import {
  clearRowFilters,
  parseAnswerFilter,
  writeRegistrationsView,
  type RegistrationsView,
} from '../rows/registrations-view';
import { useRegistrationsScreen } from './use-registrations-screen';
import { ColumnMenu } from './column-menu';
import { ExportMenu } from '../export/export-menu';
import { LoadStatus } from '../api/load-status';
import { useRegistrationsLoad, type RegistrationsLoad } from '../api/use-registrations-load';
import { RegistrationCards } from './registration-cards';
import { RegistrationDetails, type DetailsPosition } from './registration-details';
import { RegistrationsTableSkeleton } from './registrations-table-skeleton';
import { RegistrationsToolbar } from './registrations-toolbar';
import { SavedViewsMenu, type ViewsNotice } from './saved-views-menu';
import { RemovedRegistrations } from './removed-registrations';
import { ChangesSummary } from '../rows/changes-summary';
import { removedSince } from '@/engine/history/changes-since';
import { formatInstant } from '@/lib/dates';
import { useTableExport } from '../export/use-table-export';
import { usePrint } from '../export/use-print';
import './registrations.css';
import { useLanguage } from '@/i18n/use-language';
import { useEventName } from '../editions/edition-links';

// The desktop table (TanStack Table and Virtual) in a chunk of its own: a phone shows cards and
// never downloads it. On a desktop it loads with the screen's code (and a page load's entry
// starts it beside the screen's, screen-code.ts), so the first rows find it there.
const RegistrationsTable = preloadableLazy(() =>
  import('./registrations-table').then((m) => m.RegistrationsTable),
);
if (!isPhoneLayout()) void RegistrationsTable.preload().catch(() => undefined);
// Only the promoters who ask for them download the charts and the print layout.
const FilteredInsightsDialog = lazy(() => import('./filtered-insights-dialog'));
const PrintFlow = lazy(() => import('../export/print-flow'));
const MailingDialog = lazy(() =>
  import('../export/mailing-dialog').then((module) => ({ default: module.MailingDialog })),
);

interface RegistrationsScreenProps {
  eventId: number;
  /**
   * The event's details, once loaded: the printed list carries its name and date; the table's
   * caption and the files' names its label (until then, the label of its id).
   */
  event: PartnerEvent | undefined;
  /** Controls beside "What changed" (the demo's "move one day ahead"). */
  changesActions?: ReactNode;
}

/**
 * The screen follows its event's load here and renders the memoized rest with each snapshot
 * (see useRegistrationsLoad): the renders React Query asks for between two snapshots stop at
 * this component instead of running the whole screen (toolbar, menus, rows) again.
 */
export function RegistrationsScreen(props: RegistrationsScreenProps) {
  const load = useRegistrationsLoad(props.eventId);
  return <RegistrationsScreenContent {...props} load={load} />;
}

const RegistrationsScreenContent = memo(function RegistrationsScreenContent({
  eventId,
  event,
  changesActions,
  load,
}: RegistrationsScreenProps & { load: RegistrationsLoad }) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const eventName = useEventLabel()(event ?? eventId).text;
  const screen = useRegistrationsScreen(eventId, load);
  const { data, view, setView, filteredRows, titles, visibleColumnIds, actions, fetching } = screen;
  const selectedId = view.open;
  // A phone gets cards in the page's scroll; 1,800 px of table in a 360 px screen shows two columns.
  const phone = useMediaQuery(PHONE_LAYOUT_QUERY);

  const [withFigures, setWithFigures] = useState(false);
  const [showInsights, setShowInsights] = useState(false);
  const { t: ti } = useTranslation('insights');
  const insightLabels = useInsightLabels(screen.categoryList);
  // The print dialogs' choices (print.choices; a saved view restores its own with print.restore).
  const print = usePrint(eventId);
  const [addressRows, setAddressRows] = useState<readonly RegistrationRow[] | null>(null);
  const [viewsNotice, setViewsNotice] = useState<ViewsNotice | null>(null);
  const { t: tv } = useTranslation('views');
  const { t: tm } = useTranslation('mailing');
  const exporter = useTableExport({
    eventId,
    eventName,
    fileLabel: t('export.fileLabel'),
    figuresSheet: (insights) => ({
      sheetName: ti('figures.sheet'),
      headers: [ti('figures.label'), ti('figures.value')],
      rows: overviewFigures(insights, insightLabels),
    }),
    onPrintReady: print.ready,
    onAddressesReady: setAddressRows,
    mailingHeaders: {
      email: tm('headers.email'),
      firstName: tm('headers.firstName'),
      lastName: tm('headers.lastName'),
    },
  });
  const { t: te } = useTranslation('editions');
  const { editionList } = screen;
  const edition = view.edition;
  const otherEdition = useEventName(edition?.vs ?? eventId);
  // Until both editions' lists are whole, the list is unknown: no rows, no counts, no export.
  const editionPending = edition !== null && editionList.ids === null;
  const editionChip = edition ? te(`chip.${edition.kind}`, { event: otherEdition }) : null;
  const otherProgress =
    editionList.state.status === 'loading'
      ? edition?.kind === 'lapsed'
        ? editionList.state.current
        : editionList.state.previous
      : null;
  const otherStopped = otherProgress?.phase === 'stopped' || otherProgress?.phase === 'failed';
  // What an export or a print is asked for: this view, in this language, at the click.
  const exportRequest = { view, labels: screen.labels, withFigures, editionIds: editionList.ids };

  const selected = useMemo(
    () => (selectedId === null ? null : (screen.rows.find((row) => row.id === selectedId) ?? null)),
    [screen.rows, selectedId],
  );
  const openerRef = useRef<HTMLElement | null>(null);
  const show = useCallback((id: number) => setView((current) => ({ ...current, open: id })), [setView]);
  // From the table or the cards: focus goes back there on close (previous/next keep the opener).
  const open = useCallback(
    (id: number) => {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      show(id);
    },
    [show],
  );
  const close = () => {
    setView((current) => ({ ...current, open: null }));
    openerRef.current?.focus();
  };
  // Previous and next follow the table: its search, filters and order.
  const selectedIndex = useMemo(
    () => (selected ? filteredRows.indexOf(selected) : -1),
    [filteredRows, selected],
  );
  const position: DetailsPosition = {
    index: selectedIndex,
    total: filteredRows.length,
    ...(selectedIndex > 0 && { onPrevious: () => show(filteredRows[selectedIndex - 1]!.id) }),
    ...(selectedIndex >= 0 &&
      selectedIndex < filteredRows.length - 1 && { onNext: () => show(filteredRows[selectedIndex + 1]!.id) }),
  };
  const selectedOrder = selected?.cells.order_id?.trim() ?? '';
  const sameOrder = useMemo(
    () =>
      selected && selectedOrder !== ''
        ? screen.rows.filter((row) => row !== selected && row.cells.order_id?.trim() === selectedOrder)
        : [],
    [screen.rows, selected, selectedOrder],
  );
  const detailsTo = (id: number) => ({
    search: `?${writeRegistrationsView({ ...view, open: id }).toString()}`,
  });
  const orderTo = (order: string) => ({
    search: `?${writeRegistrationsView({ ...clearRowFilters(view), order, open: null }).toString()}`,
  });
  const onHiddenChange = useCallback(
    (hidden: string[]) => setView((current) => ({ ...current, hidden })),
    [setView],
  );
  const onSinceChange = useCallback(
    (since: number) =>
      setView((current) =>
        current.changes ? { ...current, changes: { ...current.changes, since } } : current,
      ),
    [setView],
  );
  const onSortChange = useCallback(
    (sort: RegistrationsView['sort']) => setView((current) => ({ ...current, sort })),
    [setView],
  );

  if (!data && screen.error) {
    return <ApiErrorState error={screen.error} onRetry={actions.reload} />;
  }

  const total = screen.rows.length;
  const viewKey = JSON.stringify([
    view.q,
    view.categories,
    view.statuses,
    view.excludedCategories,
    view.excludedStatuses,
    view.answers,
    view.sort,
    view.changes,
  ]);
  const answerChips = view.answers.map((value) => {
    const { queId, key } = parseAnswerFilter(value);
    const title = titles.get(questionColumnId(queId))?.text ?? t('questionFallback', { id: queId });
    // The answer as participants spelled it (the key is folded), from a row that gave it.
    const shown =
      key === '' ? t('filters.noAnswer') : (filteredRows[0]?.cells[questionColumnId(queId)]?.trim() ?? key);
    return { value, label: t('filters.answerChip', { question: title, answer: shown }) };
  });
  // "not Cancelled": each excluded value labelled as its cells are, even one no row has.
  const exclusionChips = [
    ...view.excludedCategories.map((value) => {
      const label = screen.labels.categoryLabel(value === '' ? null : Number(value));
      return { facet: 'categories' as const, value, label: label.text, lang: label.lang };
    }),
    ...view.excludedStatuses.map((value) => ({
      facet: 'statuses' as const,
      value,
      label: screen.labels.status(value),
    })),
  ];
  const shown = filteredRows.length;
  const count = (n: number) => formatCount(n, language);
  const changes = view.changes;
  // "3 removed" leads to the registrations a full check no longer found: not rows of the table.
  const removed =
    changes?.kind === 'removed' ? (data?.history ? removedSince(data.history, changes.since) : []) : null;
  const changeChip = changes
    ? changes.kind === 'status' && changes.from !== undefined && changes.from !== null
      ? t('changes.chip.statusFrom', {
          from: screen.labels.status(changes.from),
          time: formatInstant(new Date(changes.since), language),
        })
      : t(`changes.chip.${changes.kind}`, { time: formatInstant(new Date(changes.since), language) })
    : null;

  return (
    <>
      {data ? (
        <LoadStatus
          eventId={eventId}
          data={data}
          fetching={fetching}
          onCancel={actions.cancel}
          onContinue={actions.continue}
          onVerify={actions.verify}
        />
      ) : (
        // Holds the banner's place until the first answer, so the toolbar does not jump.
        <div className="load-status load-status--pending" aria-hidden="true" />
      )}
      {data ? (
        <ChangesSummary
          eventId={eventId}
          data={data}
          labels={screen.labels}
          active={view.changes}
          onSinceChange={onSinceChange}
          actions={changesActions}
        />
      ) : null}
      <RegistrationsToolbar
        view={view}
        setView={setView}
        categoryOptions={screen.categoryOptions}
        statusOptions={screen.statusOptions}
        exclusionChips={exclusionChips}
        answerChips={answerChips}
        changeChip={changeChip}
        editionChip={editionChip}
      >
        <SavedViewsMenu
          eventId={eventId}
          view={view}
          setView={setView}
          shape={() => ({
            complete: data?.phase === 'complete',
            columnIds: screen.allColumnIds,
            categoryIds: new Set([
              ...screen.categoryList.map((category) => String(category.category_id)),
              ...(screen.model?.present.categories ?? []),
            ]),
          })}
          categoryName={(id) => screen.labels.category(Number(id))}
          columnName={(id) =>
            titles.get(id)?.text ?? (id.startsWith('q:') ? t('questionFallback', { id: id.slice(2) }) : id)
          }
          onNotice={setViewsNotice}
          printChoices={print.choices}
          onRestorePrint={print.restore}
        />
        <button type="button" className="button" onClick={() => setShowInsights(true)} disabled={shown === 0}>
          {t('insights.open')}
        </button>
        <ColumnMenu
          columnIds={screen.allColumnIds}
          hidden={view.hidden}
          titles={titles}
          onHiddenChange={onHiddenChange}
        />
        <ExportMenu
          state={exporter.state}
          loaded={total}
          rowCount={editionPending ? 0 : shown}
          columnCount={visibleColumnIds.length}
          onExport={(preset) => exporter.start(preset, exportRequest)}
          onCancel={exporter.cancel}
          onDismiss={exporter.dismiss}
          withFigures={withFigures}
          onWithFiguresChange={setWithFigures}
          onPrint={() => exporter.print(exportRequest, 'check-in')}
          onPrintLabels={() => exporter.print(exportRequest, 'labels')}
          onCopyAddresses={() => exporter.addresses(exportRequest)}
        />
      </RegistrationsToolbar>
      {/* Always there, so that a notice put in it is read out. */}
      <div className="registrations-views-notice" role="status">
        {viewsNotice ? (
          <p className="registrations-notice">
            <span>{viewsNotice.text}</span>{' '}
            <button type="button" className="link-button" onClick={() => setViewsNotice(null)}>
              {tv('notice.dismiss')}
            </button>
          </p>
        ) : null}
      </div>
      {selectedId !== null && !selected && data && !screen.loading ? (
        // A link to one registration (overview, duplicates, another tab) whose row is not here.
        // Only a complete list whose rows are all built can say it is not in it: rows a large
        // list is still building (in slices, after the list itself) are not missing.
        <p className="registrations-notice" role="status">
          {data.phase === 'complete' && !screen.building
            ? t('details.notFound', { id: selectedId })
            : t('details.notFoundYet', { id: selectedId })}{' '}
          <button type="button" className="link-button" onClick={close}>
            {t('details.close')}
          </button>
        </p>
      ) : null}
      {/* data-search: the search these rows answer (the benchmark reads it to time each keystroke). */}
      <p className="registrations-count" role="status" data-search={view.q}>
        {/* While the first rows are built there is nothing to count yet: not "0 of 0". */}
        {screen.loading ? null : editionPending ? (
          <>
            {te(otherStopped ? 'listStopped' : 'listLoading', { event: otherEdition })}
            {otherStopped ? (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={
                    otherProgress?.phase === 'failed'
                      ? editionList.otherLoad.actions.reload
                      : editionList.otherLoad.actions.continue
                  }
                >
                  {te(otherProgress?.phase === 'failed' ? 'retry' : 'resume')}
                </button>
              </>
            ) : null}
          </>
        ) : removed ? (
          t('changes.removed', { count: removed.length, formatted: count(removed.length) })
        ) : screen.filtering ? (
          t('shownFiltered', { shown: count(shown), total: count(total), count: shown })
        ) : (
          t('shown', { total: count(total), count: total })
        )}
      </p>
      {!data || screen.loading || (data.phase === 'loading' && total === 0) || editionPending ? (
        <RegistrationsTableSkeleton />
      ) : changes?.kind === 'removed' ? (
        <RemovedRegistrations removed={removed ?? []} since={changes.since} labels={screen.labels} />
      ) : total === 0 && data.phase === 'complete' ? (
        <StatePanel title={t('empty.title')}>
          <p>{t('empty.description')}</p>
        </StatePanel>
      ) : shown === 0 && total > 0 ? (
        <StatePanel
          title={t('noMatch.title')}
          actions={
            <button type="button" className="button button--primary" onClick={() => setView(clearRowFilters)}>
              {t('filters.clear')}
            </button>
          }
        >
          <p>{t('noMatch.description')}</p>
        </StatePanel>
      ) : (
        <>
          {phone ? (
            <RegistrationCards
              rows={filteredRows}
              viewKey={viewKey}
              sortableIds={visibleColumnIds}
              sort={view.sort}
              onSortChange={onSortChange}
              titles={titles}
              label={t('table.caption', { event: eventName })}
              onOpen={open}
            />
          ) : (
            <Suspense fallback={<RegistrationsTableSkeleton />}>
              <RegistrationsTable
                rows={filteredRows}
                viewKey={viewKey}
                columnIds={screen.allColumnIds}
                sort={view.sort}
                hidden={view.hidden}
                onSortChange={onSortChange}
                titles={titles}
                caption={t('table.caption', { event: eventName })}
                selectedId={selectedId}
                onOpen={open}
              />
            </Suspense>
          )}
          {selected ? (
            <RegistrationDetails
              row={selected}
              titles={titles}
              position={position}
              sameOrder={sameOrder}
              detailsTo={detailsTo}
              orderTo={orderTo}
              onClose={close}
            />
          ) : null}
          <Suspense fallback={null}>
            {showInsights ? (
              <FilteredInsightsDialog
                eventId={eventId}
                registrations={data.rows}
                shown={filteredRows}
                complete={data.phase === 'complete'}
                categories={screen.categoryList}
                onClose={() => setShowInsights(false)}
              />
            ) : null}
            {addressRows ? <MailingDialog rows={addressRows} onClose={() => setAddressRows(null)} /> : null}
          </Suspense>
        </>
      )}
      <Suspense fallback={null}>
        {print.job ? (
          <PrintFlow
            print={print}
            event={event}
            categories={screen.categoryList}
            columnIds={screen.allColumnIds}
            titles={titles}
          />
        ) : null}
      </Suspense>
    </>
  );
});

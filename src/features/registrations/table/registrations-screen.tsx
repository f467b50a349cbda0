import { lazy, memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorState } from '@/components/states/api-error-state';
import { StatePanel } from '@/components/states/state-panel';
import { useEventLabel } from '@/features/events/label/event-label';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { clearRowFilters } from '../rows/registrations-view';
import { useRegistrationsScreen } from './use-registrations-screen';
import { ColumnMenu } from './column-menu';
import { ExportMenu } from '../export/export-menu';
import { LoadStatus } from '../load-status/load-status';
import { useRegistrationsLoad, type RegistrationsLoad } from '../api/use-registrations-load';
import { RegistrationsRows } from './registrations-rows';
import { RegistrationsCount } from './registrations-count';
import { useToolbarChips } from './toolbar-chips';
import { useSelectedRegistration } from './use-selected-registration';
import { useEditionWait } from './use-edition-wait';
import { useScreenExports } from './use-screen-exports';
import { RegistrationDetails } from './registration-details';
import { RegistrationsTableSkeleton } from './registrations-table-skeleton';
import { RegistrationsToolbar } from './registrations-toolbar';
import { SavedViewsMenu, type ViewsNotice } from './saved-views-menu';
import { RemovedRegistrations } from './removed-registrations';
import { ChangesSummary } from '../rows/changes-summary';
import { removedSince } from '@/engine/history/changes-since';
import './registrations.css';

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
  const eventName = useEventLabel()(event ?? eventId).text;
  const screen = useRegistrationsScreen(eventId, load);
  const { data, view, setView, filteredRows, titles, visibleColumnIds, actions, fetching } = screen;
  const selectedId = view.open;

  const [withFigures, setWithFigures] = useState(false);
  const [showInsights, setShowInsights] = useState(false);
  const [viewsNotice, setViewsNotice] = useState<ViewsNotice | null>(null);
  const { t: tv } = useTranslation('views');
  const { exporter, print, addressRows, setAddressRows } = useScreenExports(
    eventId,
    eventName,
    screen.categoryList,
  );
  const { editionList } = screen;
  const { editionChip, editionWait } = useEditionWait(eventId, view, editionList);
  // What an export or a print is asked for: this view, in this language, at the click.
  const exportRequest = { view, labels: screen.labels, withFigures, listIds: screen.listIds };

  // `details`: where the open registration sits and where it leads (RegistrationDetails' props).
  const { selected, open, close, ...details } = useSelectedRegistration(
    screen.rows,
    filteredRows,
    view,
    setView,
  );
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
  const { answerChips, exclusionChips, changeChip } = useToolbarChips(
    view,
    titles,
    filteredRows,
    screen.labels,
  );

  if (!data && screen.error) {
    return <ApiErrorState error={screen.error} onRetry={actions.reload} />;
  }

  const total = screen.rows.length;
  const shown = filteredRows.length;
  const changes = view.changes;
  // "3 removed" leads to the registrations a full check no longer found: not rows of the table.
  const removed =
    changes?.kind === 'removed' ? (data?.history ? removedSince(data.history, changes.since) : []) : null;
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
      {screen.checkError ? <ApiErrorState error={screen.checkError} /> : null}
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
          rowCount={screen.listPending ? 0 : shown}
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
      <RegistrationsCount
        search={view.q}
        loading={screen.loading}
        edition={editionWait}
        removed={removed}
        filtering={screen.filtering}
        shown={shown}
        total={total}
      />
      {!data || screen.loading || (data.phase === 'loading' && total === 0) || screen.listPending ? (
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
          <RegistrationsRows
            rows={filteredRows}
            columnIds={screen.allColumnIds}
            visibleColumnIds={visibleColumnIds}
            view={view}
            setView={setView}
            titles={titles}
            caption={t('table.caption', { event: eventName })}
            onOpen={open}
          />
          {selected ? (
            <RegistrationDetails
              eventId={eventId}
              version={data?.version ?? null}
              row={selected}
              titles={titles}
              {...details}
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

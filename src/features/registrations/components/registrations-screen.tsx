import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorState } from '@/components/states/api-error-state';
import { StatePanel } from '@/components/states/state-panel';
import { formatCount } from '@/lib/numbers';
import { tableExport } from '../model/export-table';
import { categoryFacetOptions, presentFacetValues, statusFacetOptions } from '../model/facet-options';
import { filterRows } from '../model/filter-rows';
import { sortRows } from '../model/sort-rows';
import { FIXED_COLUMN_IDS, isKnownStatus, warmSearchText } from '../model/registration-rows';
import { useRegistrations } from '../model/registrations-store';
import { clearRowFilters, hasRowFilters } from '../model/registrations-view';
import { useRegistrationRows } from '../model/use-registration-rows';
import { useRegistrationsView } from '../model/use-registrations-view';
import { ColumnMenu } from './column-menu';
import { ExportMenu } from './export-menu';
import { LoadStatus } from './load-status';
import { RegistrationDetails } from './registration-details';
import { columnTitles } from './registrations-columns';
import { RegistrationsTable } from './registrations-table';
import { RegistrationsTableSkeleton } from './registrations-table-skeleton';
import { RegistrationsToolbar } from './registrations-toolbar';
import { TablePagination } from './table-pagination';
import { useCsvExport } from './use-csv-export';
import { useRegistrationsTable } from './use-registrations-table';
import './registrations.css';

export function RegistrationsScreen({ eventId, eventName }: { eventId: number; eventName: string }) {
  const { t, i18n } = useTranslation('registrations');
  const { snapshot, entry } = useRegistrations(eventId);
  const { rows, questions, categoryList, language } = useRegistrationRows(eventId, snapshot.rows);
  const { view, setView } = useRegistrationsView();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const titles = useMemo(
    () =>
      columnTitles(
        questions,
        language,
        (id) => t(`columns.${id}`),
        (queId) => t('questionFallback', { id: queId }),
      ),
    [questions, language, t],
  );
  const allColumnIds = useMemo(() => [...FIXED_COLUMN_IDS, ...questions.map((q) => q.id)], [questions]);
  const visibleColumnIds = useMemo(
    () => allColumnIds.filter((id) => !view.hidden.includes(id)),
    [allColumnIds, view.hidden],
  );

  // The model sorts (cached per column), then filters in that order, then slices one page.
  // Typing and ticking stay immediate; the 25,000-row filter runs on deferred values.
  const sorted = useMemo(() => sortRows(rows, view.sort), [rows, view.sort]);
  const q = useDeferredValue(view.q);
  const categories = useDeferredValue(view.categories);
  const statuses = useDeferredValue(view.statuses);
  const filtered = useMemo(
    () => filterRows(sorted, { q, categories, statuses }, visibleColumnIds),
    [sorted, q, categories, statuses, visibleColumnIds],
  );
  const { pageSize } = view;
  const shown = filtered.rows.length;
  const pageIndex = Math.min(view.pageIndex, Math.max(0, Math.ceil(shown / pageSize) - 1));
  const pageRows = useMemo(
    () => filtered.rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    [filtered.rows, pageIndex, pageSize],
  );
  const table = useRegistrationsTable({ pageRows, rowCount: shown, pageIndex, questions, view, setView });

  const exporter = useCsvExport({
    entry,
    eventName,
    fileLabel: t('export.fileLabel'),
    // Every matching row (not only this page), in the displayed order, visible columns only.
    snapshotTable: () => tableExport(filtered.rows, visibleColumnIds, (id) => titles.get(id)?.text ?? id),
  });

  const present = useMemo(() => presentFacetValues(rows), [rows]);
  const categoryOptions = useMemo(
    () =>
      categoryFacetOptions(categoryList, present.categories, filtered.categoryCounts, language, {
        none: t('filters.noCategory'),
        unknown: (id) => t('filters.unknownCategory', { id }),
      }),
    [categoryList, present.categories, filtered.categoryCounts, language, t],
  );
  const statusOptions = useMemo(
    () =>
      statusFacetOptions(
        present.statuses,
        filtered.statusCounts,
        (status) => (isKnownStatus(status) ? t(`status.${status}`) : status),
        t('status.none'),
      ),
    [present.statuses, filtered.statusCounts, t],
  );

  // Once everything is loaded, prepare search and sort keys while the promoter looks.
  const loadedAll = snapshot.phase === 'complete';
  useEffect(
    () => (loadedAll ? warmSearchText(rows, visibleColumnIds) : undefined),
    [loadedAll, rows, visibleColumnIds],
  );

  const selected = useMemo(
    () => (selectedId === null ? null : (rows.find((row) => row.id === selectedId) ?? null)),
    [rows, selectedId],
  );
  const openerRef = useRef<HTMLElement | null>(null);
  const open = useCallback((id: number) => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelectedId(id);
  }, []);
  const close = () => {
    setSelectedId(null);
    openerRef.current?.focus();
  };

  if (snapshot.phase === 'error') {
    return <ApiErrorState error={snapshot.error} onRetry={() => entry.reload()} />;
  }

  const total = rows.length;
  const from = shown === 0 ? 0 : Math.min(pageIndex * pageSize + 1, shown);
  const to = Math.min((pageIndex + 1) * pageSize, shown);
  const count = (n: number) => formatCount(n, i18n.language);
  const waitingForFirstPage = snapshot.phase === 'loading' && total === 0;

  return (
    <>
      <LoadStatus
        snapshot={snapshot}
        onCancel={() => entry.cancel()}
        onResume={() => entry.retryMissing()}
        onRefresh={() => entry.refresh()}
      />
      <RegistrationsToolbar
        view={view}
        setView={setView}
        categoryOptions={categoryOptions}
        statusOptions={statusOptions}
      >
        <ColumnMenu table={table} titles={titles} />
        <ExportMenu
          state={exporter.state}
          loaded={total}
          rowCount={shown}
          columnCount={visibleColumnIds.length}
          onExport={exporter.start}
          onCancel={exporter.cancel}
          onDismiss={exporter.dismiss}
        />
      </RegistrationsToolbar>
      <p className="registrations-count" role="status">
        {hasRowFilters(view)
          ? t('showingFiltered', {
              from: count(from),
              to: count(to),
              shown: count(shown),
              total: count(total),
              count: shown,
            })
          : t('showing', { from: count(from), to: count(to), total: count(total), count: total })}
      </p>
      {waitingForFirstPage ? (
        <RegistrationsTableSkeleton />
      ) : total === 0 && snapshot.phase === 'complete' ? (
        <StatePanel title={t('empty.title')}>
          <p>{t('empty.description')}</p>
        </StatePanel>
      ) : shown === 0 ? (
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
        <div className={`registrations-layout${selected ? ' registrations-layout--with-details' : ''}`}>
          <div className="registrations-layout__table">
            <RegistrationsTable
              table={table}
              pageRows={pageRows}
              sort={view.sort}
              hidden={view.hidden}
              titles={titles}
              caption={t('table.caption', { event: eventName })}
              selectedId={selectedId}
              onOpen={open}
            />
            <TablePagination table={table} />
          </div>
          {selected ? <RegistrationDetails row={selected} titles={titles} onClose={close} /> : null}
        </div>
      )}
    </>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/numbers';
import { PAGE_SIZES } from '../model/registrations-view';
import type { RegistrationsTableInstance } from './use-registrations-table';

export function TablePagination({ table }: { table: RegistrationsTableInstance }) {
  const { t, i18n } = useTranslation('registrations');
  const id = useId();
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const page = Math.min(pageIndex + 1, pageCount);

  return (
    <nav className="table-pagination" aria-label={t('pagination.label')}>
      <div className="field table-pagination__size">
        <label htmlFor={id}>{t('pagination.pageSize')}</label>
        <select
          id={id}
          className="input"
          value={pageSize}
          onChange={(e) => table.setPageSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p className="table-pagination__page" aria-live="polite">
        {t('pagination.page', {
          page: formatCount(page, i18n.language),
          pages: formatCount(pageCount, i18n.language),
        })}
      </p>
      <div className="table-pagination__buttons">
        <button
          type="button"
          className="button"
          onClick={() => table.firstPage()}
          disabled={!table.getCanPreviousPage()}
        >
          <span aria-hidden="true">«</span>
          <span className="visually-hidden">{t('pagination.first')}</span>
        </button>
        <button
          type="button"
          className="button"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          {t('pagination.previous')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => table.nextPage()}
          disabled={!table.getCanNextPage()}
        >
          {t('pagination.next')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => table.lastPage()}
          disabled={!table.getCanNextPage()}
        >
          <span aria-hidden="true">»</span>
          <span className="visually-hidden">{t('pagination.last')}</span>
        </button>
      </div>
    </nav>
  );
}

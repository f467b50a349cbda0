/**
 * The registrations screen's view state lives in the URL (search, filters, sort, hidden
 * columns, page), so a link or the back button restores the exact table. Never the key.
 */
export interface RegistrationsView {
  q: string;
  /** Category ids as text; '' selects registrations without a category. */
  categories: string[];
  /** Raw payment statuses; '' selects registrations without one. */
  statuses: string[];
  sort: { id: string; desc: boolean } | null;
  hidden: string[];
  /** 0-based in the app, 1-based in the URL. */
  pageIndex: number;
  pageSize: number;
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export const DEFAULT_REGISTRATIONS_VIEW: RegistrationsView = {
  q: '',
  categories: [],
  statuses: [],
  sort: null,
  hidden: [],
  pageIndex: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The URL parameter of each part of the view. */
export const VIEW_PARAMS = {
  q: 'q',
  categories: 'cat',
  statuses: 'status',
  sort: 'sort',
  hidden: 'hide',
  page: 'page',
  size: 'size',
} as const;

/** A comma-separated list; each value is URI-encoded so it may itself hold a comma. */
export const parseList = (value: string | null): string[] =>
  value === null || value === '' ? [] : value.split(',').map(decodeURIComponent);
const joinList = (values: readonly string[]) => values.map(encodeURIComponent).join(',');

/** `last_name` is ascending, `-last_name` descending. */
export const parseSort = (value: string | null): RegistrationsView['sort'] =>
  value ? { id: value.replace(/^-/, ''), desc: value.startsWith('-') } : null;

export const parsePageIndex = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
};

export const parsePageSize = (value: string | null): number => {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
};

export function readRegistrationsView(params: URLSearchParams): RegistrationsView {
  return {
    q: params.get(VIEW_PARAMS.q) ?? '',
    categories: parseList(params.get(VIEW_PARAMS.categories)),
    statuses: parseList(params.get(VIEW_PARAMS.statuses)),
    sort: parseSort(params.get(VIEW_PARAMS.sort)),
    hidden: parseList(params.get(VIEW_PARAMS.hidden)).filter(Boolean),
    pageIndex: parsePageIndex(params.get(VIEW_PARAMS.page)),
    pageSize: parsePageSize(params.get(VIEW_PARAMS.size)),
  };
}

/** Only what differs from the default is written, so plain links stay plain. */
export function writeRegistrationsView(view: RegistrationsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set(VIEW_PARAMS.q, view.q);
  if (view.categories.length) params.set(VIEW_PARAMS.categories, joinList(view.categories));
  if (view.statuses.length) params.set(VIEW_PARAMS.statuses, joinList(view.statuses));
  if (view.sort) params.set(VIEW_PARAMS.sort, `${view.sort.desc ? '-' : ''}${view.sort.id}`);
  if (view.hidden.length) params.set(VIEW_PARAMS.hidden, joinList(view.hidden));
  if (view.pageIndex > 0) params.set(VIEW_PARAMS.page, String(view.pageIndex + 1));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set(VIEW_PARAMS.size, String(view.pageSize));
  return params;
}

export function hasRowFilters(view: RegistrationsView): boolean {
  return view.q.trim() !== '' || view.categories.length > 0 || view.statuses.length > 0;
}

/** The view with search and filters cleared (sort, columns and page size stay). */
export function clearRowFilters(view: RegistrationsView): RegistrationsView {
  return { ...view, q: '', categories: [], statuses: [], pageIndex: 0 };
}

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

const list = (value: string | null) => (value === null ? [] : value.split(',').map(decodeURIComponent));
const joinList = (values: readonly string[]) => values.map(encodeURIComponent).join(',');

export function readRegistrationsView(params: URLSearchParams): RegistrationsView {
  const sortParam = params.get('sort');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    q: params.get('q') ?? '',
    categories: list(params.get('cat')),
    statuses: list(params.get('status')),
    sort: sortParam ? { id: sortParam.replace(/^-/, ''), desc: sortParam.startsWith('-') } : null,
    hidden: list(params.get('hide')).filter(Boolean),
    pageIndex: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Only what differs from the default is written, so plain links stay plain. */
export function writeRegistrationsView(view: RegistrationsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.categories.length) params.set('cat', joinList(view.categories));
  if (view.statuses.length) params.set('status', joinList(view.statuses));
  if (view.sort) params.set('sort', `${view.sort.desc ? '-' : ''}${view.sort.id}`);
  if (view.hidden.length) params.set('hide', joinList(view.hidden));
  if (view.pageIndex > 0) params.set('page', String(view.pageIndex + 1));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

export function hasRowFilters(view: RegistrationsView): boolean {
  return view.q.trim() !== '' || view.categories.length > 0 || view.statuses.length > 0;
}

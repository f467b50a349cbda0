import { readPageMeta } from './page-meta';

describe('readPageMeta', () => {
  it('returns null when the body has nothing but registrations', () => {
    expect(readPageMeta({ registrations: [] })).toBeNull();
  });

  it('reads top-level snake_case fields', () => {
    expect(readPageMeta({ registrations: [], page: 2, per_page: 100, total: 250, total_pages: 3 })).toEqual({
      page: 2,
      perPage: 100,
      total: 250,
      totalPages: 3,
    });
  });

  it.each([
    ['meta', { meta: { current_page: 1, perPage: 50, totalCount: '120', pageCount: 3 } }],
    ['pagination', { pagination: { page: 1, page_size: 50, total_items: 120, totalPages: 3 } }],
    ['meta.pagination', { meta: { pagination: { page: 1, per_page: 50, total: 120, total_pages: 3 } } }],
  ])('reads metadata nested under %s, camelCase or as numeric strings', (_, body) => {
    expect(readPageMeta({ registrations: [], ...body })).toEqual({
      page: 1,
      perPage: 50,
      total: 120,
      totalPages: 3,
    });
  });

  it('keeps a last page number apart from a page count, and ignores nonsense values', () => {
    expect(readPageMeta({ registrations: [], last_page: 7, total: -3, per_page: 'many' })).toEqual({
      lastPage: 7,
    });
  });
});

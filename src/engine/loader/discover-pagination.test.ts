import { ApiError, type ApiErrorKind } from '@/lib/api-error';
import { decideFirstPage, decidePageSize, type Probe } from './discover-pagination';
import { registrationPageResponseSchema } from '../api/registration-schemas';

function answered(idList: number[], extra: Record<string, unknown> = {}): Probe {
  const data = registrationPageResponseSchema.parse({
    registrations: idList.map((id) => ({ registration_id: id })),
    ...extra,
  });
  return { ok: true, response: { data, serverDate: null } };
}

function failed(kind: ApiErrorKind): Probe {
  return { ok: false, error: new ApiError({ kind, endpoint: '/v1/events/1/registrations' }) };
}

describe('decideFirstPage', () => {
  it.each([
    ['page 0 repeats page 1 (clamped)', answered([1, 2, 3]), answered([1, 2, 3]), 1],
    ['page 0 mostly repeats page 1 (list shifted)', answered([1, 2, 3]), answered([0, 1, 2]), 1],
    ['page 0 is empty', answered([]), answered([1, 2]), 1],
    ['page 0 is refused with 400', failed('bad-request'), answered([1, 2]), 1],
    ['page 0 is refused with 500', failed('server'), answered([1, 2]), 1],
    ['page 0 has other rows', answered([1, 2]), answered([3, 4]), 0],
    ['page 0 has rows and page 1 is empty', answered([1, 2]), answered([]), 0],
    ['page 0 has rows and page 1 failed', answered([1, 2]), failed('server'), 0],
    ['both empty', answered([]), answered([]), 1],
    ['both empty, page 0 echoed as 0', answered([], { page: 0 }), answered([]), 0],
  ] as const)('%s -> first page %i', (_, page0, page1, firstPage) => {
    expect(decideFirstPage(page0, page1)).toEqual({ firstPage, guessed: false });
  });

  it('trusts ids over a page echo that repeats the request', () => {
    expect(decideFirstPage(answered([1, 2], { page: 0 }), answered([1, 2], { page: 1 })).firstPage).toBe(1);
  });

  it('flags 1-based as a guess when page 0 never answered', () => {
    expect(decideFirstPage(failed('network'), answered([1]))).toEqual({ firstPage: 1, guessed: true });
  });

  it('throws the first page error, and a 401 from either probe', () => {
    expect(() => decideFirstPage(answered([]), failed('not-found'))).toThrow(/not-found/);
    expect(() => decideFirstPage(failed('unauthorized'), answered([1]))).toThrow(/unauthorized/);
    expect(() => decideFirstPage(failed('not-found'), failed('forbidden'))).toThrow(/forbidden/);
  });
});

describe('decidePageSize', () => {
  it('takes a full first page at face value', () => {
    expect(decidePageSize(100, 100, {})).toEqual({ pageSize: 100, capped: false });
  });

  it('takes a short first page as the page size, capped only with evidence', () => {
    expect(decidePageSize(500, 100, {})).toEqual({ pageSize: 100, capped: false });
    expect(decidePageSize(500, 100, { nextPageHasRows: true })).toEqual({ pageSize: 100, capped: true });
    expect(decidePageSize(500, 100, { metaTotal: 250 })).toEqual({ pageSize: 100, capped: true });
    expect(decidePageSize(500, 100, { metaPerPage: 100 })).toEqual({ pageSize: 100, capped: true });
  });

  it('does not trust a per_page echo larger than the page served', () => {
    expect(decidePageSize(500, 100, { metaPerPage: 500 }).pageSize).toBe(100);
  });

  it('keeps the asked size for an empty first page', () => {
    expect(decidePageSize(500, 0, {})).toEqual({ pageSize: 500, capped: false });
  });
});

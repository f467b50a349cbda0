import { boundedMemo } from './bounded-memo';

describe('a bounded memo', () => {
  it('computes each argument once, a null answer too', () => {
    const compute = vi.fn((text: string) => (text === '' ? null : text.length));
    const lengthOf = boundedMemo(10, compute);
    expect([lengthOf('abc'), lengthOf('abc'), lengthOf(''), lengthOf('')]).toEqual([3, 3, null, null]);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('forgets everything past its limit, and still answers the same', () => {
    const compute = vi.fn((n: number) => n * 2);
    const double = boundedMemo(2, compute);
    expect([double(1), double(2), double(3)]).toEqual([2, 4, 6]);
    expect(double(1)).toBe(2);
    // 1 was forgotten when 3 came: computed again.
    expect(compute).toHaveBeenCalledTimes(4);
  });
});

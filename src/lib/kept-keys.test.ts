import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keptKeysRecord, parseKeptKeys } from './kept-keys';

const isKey = (value: unknown): value is string => typeof value === 'string' && /^k\d+$/.test(value);

describe('kept keys', () => {
  it('keeps the most recent keys past the limit, so a new mark is never the one left out', () => {
    const keys = new Set(['k1', 'k2', 'k3', 'k4']);
    expect(keptKeysRecord(keys, 3).keys).toEqual(['k2', 'k3', 'k4']);
    expect(parseKeptKeys(keptKeysRecord(keys, 3), isKey, 3)).toEqual(new Set(['k2', 'k3', 'k4']));
  });

  it('reads anything without throwing, keeping only keys that look right', () => {
    expect(parseKeptKeys({ version: 1, keys: ['k1', 'nope', 7, 'k1'] }, isKey, 10)).toEqual(new Set(['k1']));
    expect(parseKeptKeys({ version: 2, keys: ['k1'] }, isKey, 10).size).toBe(0);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const key of parseKeptKeys(value, isKey, 10)) expect(isKey(key)).toBe(true);
      }),
    );
  });
});

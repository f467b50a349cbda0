import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { namePart, nameProblems } from './name-checks';

const problems = (first: string, last: string) => nameProblems(namePart(first), namePart(last));

describe('name checks', () => {
  it.each([
    ['Marie-Ève', "D'Amour"],
    ['Jean', 'DUPONT'],
    ['Zoë', 'de la Fontaine'],
    ['芳', '王'],
    ['Siobhán', "O'Brien"],
    ['Li', 'Na'],
    ['Jean-Philippe', 'St. Pierre'],
  ])('finds nothing wrong with %s %s', (first, last) => {
    expect(problems(first, last)).toEqual([]);
  });

  it.each([
    ['Test', 'Dupont'],
    ['aaa', 'aaa'],
    ['Jean', 'asdf'],
    ['xxx', 'Martin'],
    ['Test2', 'Test2'],
    ['essai', 'Gagnon'],
  ])('finds %s %s a test entry', (first, last) => {
    expect(problems(first, last)).toContain('name-test');
  });

  it('finds first and last name swapped when only the last is a given name', () => {
    expect(problems('Dupont', 'Marie')).toContain('name-swapped');
    expect(problems('Tremblay', 'Jean-Philippe')).toContain('name-swapped');
    // A given name that is as often a surname proves nothing.
    expect(problems('Dupuis', 'Martin')).not.toContain('name-swapped');
    expect(problems('Sophie', 'Marie')).not.toContain('name-swapped');
  });

  it('finds digits or stray symbols, the whole name in one case, and spaces around', () => {
    expect(problems('Jean2', 'Dupont')).toContain('name-symbols');
    expect(problems('Jean', 'Du_pont')).toContain('name-symbols');
    expect(problems('JEAN', 'DUPONT')).toContain('name-case');
    expect(problems('jean', 'dupont')).toContain('name-case');
    expect(problems(' Jean', 'Dupont')).toEqual(['name-spaces']);
    expect(problems('Jean', 'Dupont ')).toEqual(['name-spaces']);
  });

  it('never throws, and names each check at most once', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const found = problems(first, last);
        expect(new Set(found).size).toBe(found.length);
      }),
    );
  });
});

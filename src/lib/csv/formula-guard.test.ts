import Papa from 'papaparse';
import fc from 'fast-check';
import { guardFormula, unguardFormula } from './formula-guard';

describe('guardFormula', () => {
  it.each(['=', '+', '-', '@', '\t', '\r', '\n'])(
    'prefixes a quote when the cell starts with %j',
    (trigger) => {
      expect(guardFormula(`${trigger}SUM(A1:A2)`)).toBe(`'${trigger}SUM(A1:A2)`);
      expect(guardFormula(trigger)).toBe(`'${trigger}`);
    },
  );

  it('guards a cell that starts with a line break, the case papaparse misses', () => {
    expect(guardFormula("\n=cmd|' /C calc'!A0")).toBe("'\n=cmd|' /C calc'!A0");
    expect(guardFormula('\r\n=1+1')).toBe("'\r\n=1+1");
  });

  it('guards a formula followed by a line break, the other case papaparse misses', () => {
    expect(guardFormula('=1+1\nnote')).toBe("'=1+1\nnote");
  });

  it('guards a lone dash and a phone number too (OWASP); the value stays readable', () => {
    expect(guardFormula('-')).toBe("'-");
    expect(guardFormula('+41 79 123 45 67')).toBe("'+41 79 123 45 67");
  });

  it('leaves a cell alone when the trigger is not the first character', () => {
    for (const cell of ['a=b', 'x@example.com', 'Jean-Luc', ' =1+1', '\uFEFF=1', "'=1"]) {
      expect(guardFormula(cell)).toBe(cell);
    }
  });

  it('leaves the empty string empty', () => {
    expect(guardFormula('')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => guardFormula(guardFormula(s)) === guardFormula(s)),
    );
  });
});

describe('unguardFormula', () => {
  it('undoes the guard for every cell that did not already start with a quote and a trigger', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const guarded = guardFormula(s);
        // The guard is not one-to-one (see formula-guard.ts); these inputs collide by design.
        const collides = unguardFormula(s) !== s;
        return collides ? unguardFormula(guarded) === s.slice(1) : unguardFormula(guarded) === s;
      }),
      { numRuns: 500 },
    );
  });

  it('documents the collision: "\'=x" and "=x" guard to the same text', () => {
    expect(guardFormula("'=x")).toBe(guardFormula('=x'));
    expect(unguardFormula(guardFormula("'=x"))).toBe('=x');
  });
});

describe("papaparse 5.7.1 escapeFormulae (why we don't rely on it)", () => {
  const escaped = (cell: string) => Papa.unparse([[cell]], { escapeFormulae: true, newline: '\r\n' });

  it('escapes a plain formula', () => {
    expect(escaped('=1+1')).toBe('"\'=1+1"');
  });

  it('misses a cell that starts with a line feed or contains a line break', () => {
    expect(escaped('\n=1+1')).toBe('"\n=1+1"');
    expect(escaped('\r\n=1+1')).toBe('"\r\n=1+1"');
    expect(escaped('=1+1\nnote')).toBe('"=1+1\nnote"');
  });
});

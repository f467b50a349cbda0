import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHECK_IDS, findingKey, type Finding } from '@/engine/figures/checks/check-kinds';
import {
  countBySeverity,
  countOpen,
  fineRecord,
  openFindings,
  parseFineFindings,
  summarizeChecks,
} from './open-findings';

const finding = (check: Finding['check'], registrationId: number, queId: number | null = null): Finding => ({
  check,
  registrationId,
  queId,
  value: 'x',
  suggestion: null,
  stamp: 'abc',
});

describe('open findings', () => {
  it('counts each registration once per check, and leaves out the findings marked fine', () => {
    const findings = [
      finding('email-typo', 1),
      finding('answer-missing', 2, 7),
      finding('answer-missing', 2, 8),
      finding('answer-missing', 3, 7),
      finding('name-case', 4),
    ];
    const { byCheck, fine } = openFindings({ scanned: 10, findings }, new Set([findingKey(findings[4]!)]));
    expect(fine).toBe(1);
    expect(byCheck.map(({ check, ids }) => [check, [...ids]])).toEqual([
      ['email-typo', [1]],
      ['answer-missing', [2, 3]],
    ]);
    // What the page draws: per check its registrations, the findings (one per question) and the
    // registrations with any open finding, each once (the events list's count).
    const summary = summarizeChecks({ scanned: 10, findings }, new Set([findingKey(findings[4]!)]));
    expect(summary).toMatchObject({ scanned: 10, open: 3, fine: 1 });
    expect(summary.checks.map(({ check, ids, findings: count }) => [check, [...ids], count])).toEqual([
      ['email-typo', [1], 1],
      ['answer-missing', [2, 3], 3],
    ]);
    expect(countBySeverity(summary.checks)).toEqual({ error: 1, warning: 0, notice: 2 });
    expect(countOpen({ scanned: 10, findings }, new Set([findingKey(findings[4]!)]))).toBe(3);
    // A mark whose registration changed matches nothing any more: it is said, to be let go.
    const changed = findingKey({ ...findings[0]!, stamp: 'old' });
    expect(summarizeChecks({ scanned: 10, findings }, new Set([changed])).stale).toEqual([changed]);
    // Ids past 32 bits stay whole.
    const big = summarizeChecks({ scanned: 1, findings: [finding('email-typo', 2 ** 40)] }, new Set());
    expect([...big.checks[0]!.ids]).toEqual([2 ** 40]);
    expect(countOpen({ scanned: 10, findings }, new Set())).toBe(4);
  });

  it('keeps what a check counts equal to the registrations it lists, whatever is marked fine', () => {
    const arbitraryFinding = fc
      .tuple(
        fc.constantFrom(...CHECK_IDS),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      )
      .map(([check, id, queId]) => finding(check, id, queId));
    fc.assert(
      fc.property(fc.array(arbitraryFinding), fc.array(fc.nat()), (findings, marked) => {
        const fine = new Set(
          marked.flatMap((at) => (findings.length ? [findingKey(findings[at % findings.length]!)] : [])),
        );
        const { byCheck } = openFindings({ scanned: 30, findings }, fine);
        for (const { check, ids, findings: listed } of byCheck) {
          const expected = new Set(
            findings
              .filter((found) => found.check === check && !fine.has(findingKey(found)))
              .map((found) => found.registrationId),
          );
          expect(ids).toEqual(expected);
          expect(new Set(listed.map((found) => found.registrationId))).toEqual(expected);
        }
      }),
    );
  });
});

describe('findings marked fine, as read back from the device', () => {
  it('round-trips, and reads anything without throwing, keeping only keys of known checks', () => {
    const keys = new Set([
      findingKey(finding('email-typo', 12)),
      findingKey(finding('answer-missing', 3, 7)),
    ]);
    expect(parseFineFindings(fineRecord(keys))).toEqual(keys);
    expect(
      parseFineFindings({ version: 1, keys: ['unknown-check:1::abc', 'email-typo:x::abc', 42] }),
    ).toEqual(new Set());
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const key of parseFineFindings(value)) expect(typeof key).toBe('string');
      }),
    );
  });
});

import { render } from '@testing-library/react';
import fc from 'fast-check';
import { answerKey } from '@/lib/text-keys';
import i18n from '@/i18n';
import { registration } from '../figures/testing/demo-event';
import { rowsToPrint } from '@/features/registrations/export/print-options';
import { RegistrationCell } from '@/features/registrations/table/registration-cell';
import { presentFacetValues, statusFacetOptions } from '@/features/registrations/rows/facet-options';
import { filterRows } from '@/features/registrations/rows/filter-rows';
import {
  isLeftOutStatus,
  isUnknownStatus,
  knownStatus,
  leftOutStatusNames,
  LEFT_OUT_STATUSES,
  paymentStatusKey,
  statusValuesText,
  tallyStatuses,
} from './payment-status';
import { registrationLabels } from '@/features/registrations/rows/registration-labels';
import { RowBuilder } from '@/features/registrations/rows/registration-rows';

describe('paymentStatusKey: one comparison', () => {
  it('ignores case, accents and spaces', () => {
    for (const status of [' Cancelled ', 'CANCELLED', 'cancelled', 'Cancelled\t']) {
      expect(paymentStatusKey(status)).toBe('cancelled');
    }
    expect(paymentStatusKey('ON  HOLD')).toBe('on hold');
    expect(paymentStatusKey('Annulé')).toBe('annule');
    expect(paymentStatusKey(null)).toBe('');
    expect(paymentStatusKey('  ')).toBe('');
  });

  it('reads each status as answerKey does, however many different statuses an API sends', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 300, maxLength: 600 }), (statuses) => {
        // Twice: the second pass reads what the first remembered.
        for (let pass = 0; pass < 2; pass += 1)
          for (const status of statuses) expect(paymentStatusKey(status)).toBe(answerKey(status));
      }),
      { numRuns: 20 },
    );
  });

  it('knows the statuses however written, and only those', () => {
    expect(knownStatus(' Paid')).toBe('paid');
    expect(knownStatus('REFUNDED')).toBe('refunded');
    expect(knownStatus('on hold')).toBeNull();
    expect(knownStatus('')).toBeNull();
    expect(isUnknownStatus('chargeback')).toBe(true);
    expect(isUnknownStatus(' Pending ')).toBe(false);
    expect(isUnknownStatus(null)).toBe(false);
  });
});

describe('the left-out statuses', () => {
  it('are cancelled and refunded, however written', () => {
    expect(LEFT_OUT_STATUSES).toEqual(['cancelled', 'refunded']);
    for (const status of ['Cancelled', ' CANCELLED ', 'cancelled', 'Refunded', 'REFUNDED ']) {
      expect(isLeftOutStatus(status)).toBe(true);
    }
  });

  it('never hold a status the app does not know, French forms included', () => {
    for (const status of ['on hold', 'chargeback', 'Annulé', 'annule', 'Remboursé', 'canceled', '', null]) {
      expect(isLeftOutStatus(status)).toBe(false);
    }
  });

  it('are tallied with the unknown statuses kept, each named once as first sent', () => {
    const statuses = ['paid', 'Cancelled', ' refunded', 'on hold', 'On Hold', 'Annulé', null, 'pending'];
    expect(tallyStatuses(statuses, (status) => status)).toEqual({
      leftOut: 2,
      unknown: 3,
      unknownStatuses: ['on hold', 'Annulé'],
    });
    expect(tallyStatuses([], (status: string) => status)).toEqual({
      leftOut: 0,
      unknown: 0,
      unknownStatuses: [],
    });
  });

  it('are named in a sentence by the labels, in both languages', () => {
    const en = registrationLabels(i18n, 'en', []);
    const fr = registrationLabels(i18n, 'fr', []);
    expect(leftOutStatusNames(en.status, 'en')).toBe('Cancelled or Refunded');
    expect(leftOutStatusNames(fr.status, 'fr')).toBe('Annulé ou Remboursé');
    expect(statusValuesText(['on hold', 'Annulé'])).toBe('on hold, Annulé');
    expect(statusValuesText(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d, e, …');
  });
});

describe('a status written another way reads as that status everywhere', () => {
  const registrations = [
    registration({ registration_id: 1, last_name: 'Roy', payment_status: 'Cancelled' }),
    registration({ registration_id: 2, last_name: 'Aubert', payment_status: ' PAID ' }),
    registration({ registration_id: 3, last_name: 'Morin', payment_status: 'on hold' }),
    registration({ registration_id: 4, last_name: 'Favre', payment_status: 'paid' }),
  ];

  it('is labelled, coloured and left out as that status; an unknown one as sent, neutral, kept', () => {
    const labels = registrationLabels(i18n, 'en', []);
    expect(labels.status('Cancelled')).toBe('Cancelled');
    expect(labels.status(' PAID ')).toBe('Paid');
    expect(labels.status('on hold')).toBe('on hold (unknown status)');
    expect(labels.status('  ')).toBe('No status');
    expect(registrationLabels(i18n, 'fr', []).status('CANCELLED')).toBe('Annulé');

    const rows = new RowBuilder(labels).build(registrations);
    const pill = (index: number) =>
      render(<RegistrationCell row={rows[index]!} columnId="payment_status" />).container.firstElementChild;
    expect(pill(0)).toHaveClass('status-pill--cancelled');
    expect(pill(1)).toHaveClass('status-pill--paid');
    expect(pill(2)).toHaveClass('status-pill--other');
    expect(rowsToPrint(rows, true).map((row) => row.id)).toEqual([2, 3, 4]);
  });

  it('is offered once in the status filter however it is written, known ones first, and filters alike', () => {
    const labels = registrationLabels(i18n, 'en', []);
    const statuses = ['On Hold', 'paid', 'Cancelled', ' PAID ', '', 'on hold', 'cancelled'];
    const rows = new RowBuilder(labels).build(
      statuses.map((status, i) =>
        registration({
          registration_id: i + 1,
          first_name: 'Anne',
          last_name: 'Roy',
          payment_status: status,
        }),
      ),
    );
    const options = statusFacetOptions(presentFacetValues(rows).statuses, new Map(), labels);
    expect(options.map((option) => [option.value, option.label])).toEqual([
      ['paid', 'Paid'],
      ['cancelled', 'Cancelled'],
      ['', 'No status'],
      ['on hold', 'On Hold (unknown status)'],
    ]);
    const withStatus = (status: string) =>
      filterRows(rows, { q: '', categories: [], statuses: [status] }, []).rows.map((row) => row.id);
    expect(withStatus('paid')).toEqual([2, 4]);
    // A link or a saved view naming the status as it was sent finds every spelling of it.
    expect(withStatus('Cancelled')).toEqual([3, 7]);
    expect(withStatus('ON HOLD')).toEqual([1, 6]);
  });
});

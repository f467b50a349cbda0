import { emailKey } from '@/lib/text-keys';
import type { Registration } from '@/engine/api/registration-schemas';
import { fullName } from '@/engine/api/full-name';
import { RowBuilder } from '../rows/registration-rows';
import { addressBatches, batchText, checkAddress, mailingAudience } from './mailing-addresses';

describe('a valid e-mail address for a mailing', () => {
  it.each([
    'zoe.damour@example.com',
    'jo.martin+trail@example.org',
    "o'brien@example.ie",
    'x-y_z@sub.example.net',
    'a@b.co',
    'emilie@exämple.fr',
    'runner@xn--exmple-cua.fr',
    '=cmd@example.fr',
    '+41@example.ch',
    '-jo@example.fr',
  ])('accepts %s', (address) => {
    expect(checkAddress(address)).toMatchObject({ status: 'valid', address });
  });

  it.each([
    'no-at-sign',
    '@example.com',
    'jo@',
    'jo@localhost',
    'jo@example',
    'jo@example.c',
    'jo@example.123',
    'jo..dupont@example.com',
    '.jo@example.com',
    'jo.@example.com',
    'jo dupont@example.com',
    'jo@exa mple.com',
    'jo@-example.com',
    'jo@example-.com',
    'jo@example..com',
    '"jo smith"@example.com',
    'jo@[192.0.2.1]',
    'émilie@example.fr',
    'jo@example.com, anne@example.com',
    'jo@example.com\nBcc: x@evil.example',
    'jo\u200b@example.com',
    `${'a'.repeat(65)}@example.com`,
    `jo@${'a'.repeat(64)}.com`,
    `jo@${'abcdefghi.'.repeat(26)}com`,
  ])('refuses %j', (address) => {
    expect(checkAddress(address)).toEqual({ status: 'invalid' });
  });

  it('trims the spaces around an address, and calls a blank one missing', () => {
    expect(checkAddress('  Emilie.Dupont@Example.com \u00a0')).toEqual({
      status: 'valid',
      address: 'Emilie.Dupont@Example.com',
      key: 'emilie.dupont@example.com',
      formulaLike: false,
    });
    for (const blank of ['', '   ', null, undefined])
      expect(checkAddress(blank)).toEqual({ status: 'missing' });
  });

  it('marks the valid addresses a spreadsheet would run as a formula', () => {
    for (const address of ['=cmd@example.fr', '+tag@example.org', '-jo@example.fr'])
      expect(checkAddress(address)).toMatchObject({ formulaLike: true });
    expect(checkAddress('jo=x+y-z@example.fr')).toMatchObject({ formulaLike: false });
  });
});

function registration(id: number, email: string, payment_status = 'paid'): Registration {
  return {
    registration_id: id,
    event_id: 1,
    first_name: `First${id}`,
    last_name: 'Dupont',
    email,
    category_id: null,
    order_id: `ORD-${id}`,
    payment_status,
    custom_questions: [],
  };
}
const labels = { category: () => '', status: () => '', person: fullName };

describe('the mailing audience of the rows shown', () => {
  const rows = new RowBuilder(labels).build(
    [
      'anne@example.com',
      '',
      'ANNE@Example.com ',
      'not-an-address',
      'paul@example.org',
      '   ',
      'jo@@example.fr',
      '+tag@example.org',
      'paul@example.org',
    ].map((email, index) => registration(index + 1, email)),
  );

  it('keeps each valid address once, the first row that gave it, and counts the rest', () => {
    const audience = mailingAudience(rows);
    expect(audience.recipients.map((r) => [r.address, r.row.id])).toEqual([
      ['anne@example.com', 1],
      ['paul@example.org', 5],
      ['+tag@example.org', 8],
    ]);
    expect(audience.recipients.map((r) => r.formulaLike)).toEqual([false, false, true]);
    expect(audience.rows).toBe(9);
    expect(audience.missing).toBe(2);
    expect(audience.invalid.map((row) => row.id)).toEqual([4, 7]);
    expect(audience.repeated).toBe(2);
    expect(audience.leftOutStatus).toBe(0);
    expect(audience.unknownStatus).toBe(0);
    const { recipients, missing, invalid, repeated } = audience;
    expect(recipients.length + missing + invalid.length + repeated).toBe(rows.length);
  });

  it('takes an address in another Unicode form and case for the same address, as duplicates and editions do', () => {
    const composed = 'emilie@exämple.fr';
    const decomposed = ' EMILIE@EXA\u0308MPLE.FR';
    const audience = mailingAudience(
      new RowBuilder(labels).build([registration(1, composed), registration(2, decomposed)]),
    );
    expect(audience.recipients.map((r) => r.address)).toEqual([composed]);
    expect(audience.repeated).toBe(1);
    expect(checkAddress(decomposed)).toMatchObject({ key: emailKey(composed) });
  });

  it('mails a family sharing one address once', () => {
    const family = new RowBuilder(labels).build(
      ['famille.morin@example.com', 'Famille.Morin@example.com ', 'famille.morin@EXAMPLE.com'].map(
        (email, index) => registration(index + 1, email),
      ),
    );
    const audience = mailingAudience(family);
    expect(audience.recipients.map((r) => r.row.id)).toEqual([1]);
    expect(audience.repeated).toBe(2);
  });

  it('leaves out the left-out statuses however written, and keeps and counts a status it does not know', () => {
    const shown = new RowBuilder(labels).build([
      registration(1, 'anne@example.com', 'Cancelled'),
      registration(2, 'anne@example.com', 'paid'),
      registration(3, 'paul@example.org', ' REFUNDED '),
      registration(4, '', 'cancelled'),
      registration(5, 'jo@example.fr', 'on hold'),
      registration(6, 'lea@example.fr', 'Annulé'),
      registration(7, 'marc@example.fr', 'On Hold'),
    ]);
    const audience = mailingAudience(shown);
    expect(audience.recipients.map((r) => [r.address, r.row.id])).toEqual([
      ['anne@example.com', 2],
      ['jo@example.fr', 5],
      ['lea@example.fr', 6],
      ['marc@example.fr', 7],
    ]);
    expect(audience.leftOutStatus).toBe(3);
    expect(audience.missing).toBe(0);
    expect(audience.repeated).toBe(0);
    expect(audience.unknownStatus).toBe(3);
    expect(audience.unknownStatuses).toEqual(['on hold', 'Annulé']);
  });

  it('cuts the addresses into batches of the size asked, 50 by default in the dialog', () => {
    const addresses = Array.from({ length: 120 }, (_, i) => `p${i}@example.com`);
    expect(addressBatches(addresses, 50).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(addressBatches(addresses, 120)).toEqual([addresses]);
    expect(addressBatches(addresses, 0).length).toBe(120);
    expect(addressBatches([], 50)).toEqual([]);
    expect(addressBatches(addresses, 50).flat()).toEqual(addresses);
    expect(batchText(['a@x.fr', 'b@y.fr'])).toBe('a@x.fr, b@y.fr');
  });
});

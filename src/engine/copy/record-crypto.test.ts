import { runInNewContext } from 'node:vm';
import { checkDeviceKey, deriveDeviceKey, makeKeyCheck, newDeviceSalt } from './device-key';
import { openRecord, recordAad, sealRecord, type Bytes, type RecordPlace } from './record-crypto';

const ORIGIN = 'https://partners.example.org';
const API_KEY = 'pk_live_4f0c2a9e7b1d4c3a8e6f5b2d1c0a9e8f';
const COPY = { schemaVersion: 1, copyId: 'c0ffee' };
const PLACE: RecordPlace = { ...COPY, eventId: 1001, kind: 'registrations', index: 2, generation: 3 };

const text = (value: string): Bytes => new TextEncoder().encode(value);
const read = (bytes: Bytes | null) => (bytes ? new TextDecoder().decode(bytes) : null);

describe('device key and sealed records', () => {
  const salt = newDeviceSalt();
  let key: CryptoKey;
  beforeAll(async () => {
    key = await deriveDeviceKey(API_KEY, salt, ORIGIN);
  });

  it('derives a non-extractable AES-GCM key that only encrypts and decrypts', async () => {
    expect(salt.byteLength).toBeGreaterThanOrEqual(16);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('opens what it sealed, with a fresh IV on every write', async () => {
    const aad = recordAad(PLACE);
    const first = await sealRecord(key, aad, text('Léa Dupont <lea@example.org>'));
    const second = await sealRecord(key, aad, text('Léa Dupont <lea@example.org>'));
    expect(read(await openRecord(key, aad, first))).toBe('Léa Dupont <lea@example.org>');
    expect(read(await openRecord(key, aad, second))).toBe('Léa Dupont <lea@example.org>');
    expect(first.subarray(0, 12)).not.toEqual(second.subarray(0, 12));
    expect(first).not.toEqual(second);
    expect(read(first)).not.toContain('Dupont');
  });

  // A record read back from IndexedDB may be a Uint8Array of another realm (a test DOM's, a
  // worker's): `instanceof` would refuse it, and every copy would be discarded as corrupt.
  it('opens a record and a key check whose bytes come from another realm', async () => {
    const foreign = (bytes: Bytes) =>
      runInNewContext('new Uint8Array(source)', { source: Array.from(bytes) }) as Bytes;
    expect(foreign(text('x')) instanceof Uint8Array).toBe(false);
    const aad = recordAad(PLACE);
    const sealed = await sealRecord(key, aad, text('Léa Dupont'));
    expect(read(await openRecord(key, aad, foreign(sealed)))).toBe('Léa Dupont');
    const check = await makeKeyCheck(key, COPY);
    expect(await checkDeviceKey(key, COPY, foreign(check))).toBe('ok');
  });

  it('does not open with a key from another API key, salt or origin', async () => {
    const sealed = await sealRecord(key, recordAad(PLACE), text('secret'));
    const others = await Promise.all([
      deriveDeviceKey(`${API_KEY}x`, salt, ORIGIN),
      deriveDeviceKey(API_KEY, newDeviceSalt(), ORIGIN),
      deriveDeviceKey(API_KEY, salt, 'https://other.example.org'),
    ]);
    for (const other of others) expect(await openRecord(other, recordAad(PLACE), sealed)).toBeNull();
    expect(
      read(await openRecord(await deriveDeviceKey(API_KEY, salt, ORIGIN), recordAad(PLACE), sealed)),
    ).toBe('secret');
  });

  it('rejects altered or truncated bytes', async () => {
    const aad = recordAad(PLACE);
    const sealed = await sealRecord(key, aad, text('{"rows":[1,2,3]}'));
    for (const position of [0, 11, 12, sealed.byteLength - 17, sealed.byteLength - 1]) {
      const altered = sealed.slice();
      altered[position]! ^= 0x01;
      expect(await openRecord(key, aad, altered)).toBeNull();
    }
    expect(await openRecord(key, aad, sealed.slice(0, -1))).toBeNull();
    expect(await openRecord(key, aad, sealed.slice(0, 20))).toBeNull();
    expect(await openRecord(key, aad, new Uint8Array(0))).toBeNull();
  });

  it('binds a record to its place: another event, chunk, kind, generation, copy or schema fails', async () => {
    const sealed = await sealRecord(key, recordAad(PLACE), text('chunk 2 of event 1001'));
    const moved: RecordPlace[] = [
      { ...PLACE, eventId: 1002 },
      { ...PLACE, eventId: null },
      { ...PLACE, index: 1 },
      { ...PLACE, kind: 'manifest' },
      { ...PLACE, generation: 2 },
      { ...PLACE, copyId: 'beef' },
      { ...PLACE, schemaVersion: 2 },
    ];
    for (const place of moved) expect(await openRecord(key, recordAad(place), sealed)).toBeNull();
  });

  it('tells a wrong key from a corrupt key check', async () => {
    const check = await makeKeyCheck(key, COPY);
    expect(await checkDeviceKey(key, COPY, check)).toBe('ok');
    const wrong = await deriveDeviceKey('pk_live_another_key', salt, ORIGIN);
    expect(await checkDeviceKey(wrong, COPY, check)).toBe('wrong-key');
    // Sealed with the right key but not holding the known text: damaged, not another key.
    const aad = recordAad({ ...COPY, eventId: null, kind: 'key-check', index: 0, generation: 0 });
    expect(await checkDeviceKey(key, COPY, await sealRecord(key, aad, text('something else')))).toBe(
      'corrupt',
    );
    expect(await checkDeviceKey(key, COPY, new Uint8Array(5))).toBe('corrupt');
    expect(await checkDeviceKey(key, COPY, 'not bytes')).toBe('corrupt');
  });
});

import fc from 'fast-check';
import { apiAddressProblem, parseApiAddress, parseNumberings } from './remembered-api-address';

describe('the remembered API address', () => {
  it('keeps an http(s) URL or a path of this site, and nothing else', () => {
    expect(parseApiAddress('https://api.example.com')).toBe('https://api.example.com');
    expect(parseApiAddress(' /partner-api ')).toBe('/partner-api');
    for (const junk of ['javascript:alert(1)', '//evil.example', 'api.example.com', '', 42, null, {}])
      expect(parseApiAddress(junk)).toBeNull();
  });

  it('reads anything stored without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue()), (value) => {
        const parsed = parseApiAddress(value);
        if (parsed !== null) expect(parseApiAddress(parsed)).toBe(parsed);
      }),
    );
  });

  it('says a host typed without its scheme is missing https://', () => {
    expect(apiAddressProblem('api.example.com')).toBe('missing-scheme');
    expect(apiAddressProblem('https://api.example.com')).toBeNull();
    expect(apiAddressProblem('/partner-api')).toBeNull();
  });

  it('reads the remembered page numbering of any stored text without throwing, keeping only valid entries', () => {
    expect(
      parseNumberings(
        JSON.stringify([
          ['https://api.example.com', 1],
          ['/partner-api', 0],
          ['x', 1],
          ['/a', 2],
        ]),
      ),
    ).toEqual(
      new Map([
        ['https://api.example.com', 1],
        ['/partner-api', 0],
      ]),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (value) => {
          const numberings = parseNumberings(value);
          expect(numberings.size).toBeLessThanOrEqual(20);
          for (const [address, firstPage] of numberings) {
            expect(parseApiAddress(address)).toBe(address);
            expect([0, 1]).toContain(firstPage);
          }
        },
      ),
    );
  });
});

import { buildCsv } from './build-csv';

const BOM = '\uFEFF';

describe('buildCsv presets', () => {
  const headers = ['Nom', 'Ville'];
  const rows = [
    ['Léa', 'Genève'],
    ['a;b', 'x,y'],
    ['say "hi"', 'line\nbreak'],
    ['cr\ronly', 'crlf\r\nend'],
  ];

  it('excel-fr: BOM, semicolons, CRLF, quotes only what contains ; " CR or LF', () => {
    expect(buildCsv({ headers, rows, preset: 'excel-fr' })).toBe(
      `${BOM}Nom;Ville\r\nLéa;Genève\r\n"a;b";x,y\r\n"say ""hi""";"line\nbreak"\r\n"cr\ronly";"crlf\r\nend"`,
    );
  });

  it('excel-en: BOM, commas, CRLF, quotes what contains , " CR or LF', () => {
    expect(buildCsv({ headers, rows, preset: 'excel-en' })).toBe(
      `${BOM}Nom,Ville\r\nLéa,Genève\r\na;b,"x,y"\r\n"say ""hi""","line\nbreak"\r\n"cr\ronly","crlf\r\nend"`,
    );
  });

  it('utf8: no BOM, commas, CRLF', () => {
    const csv = buildCsv({ headers, rows: rows.slice(0, 2), preset: 'utf8' });
    expect(csv).toBe('Nom,Ville\r\nLéa,Genève\r\na;b,"x,y"');
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('encodes the BOM as EF BB BF once the text becomes UTF-8 bytes', () => {
    const bytes = new TextEncoder().encode(buildCsv({ headers: ['é'], rows: [], preset: 'excel-fr' }));
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0xc3, 0xa9]);
  });

  it('guards every cell, headers included, and quotes a guarded cell only when needed', () => {
    const csv = buildCsv({
      headers: ['=Name', 'Phone'],
      rows: [
        ['@SUM(A1)', '+41 79 123 45 67'],
        ['\n=cmd', '-'],
      ],
      preset: 'excel-en',
    });
    expect(csv).toBe(`${BOM}'=Name,Phone\r\n'@SUM(A1),'+41 79 123 45 67\r\n"'\n=cmd",'-`);
  });

  it('writes null and undefined as empty cells', () => {
    expect(buildCsv({ headers: ['a', 'b', 'c'], rows: [[null, undefined, '']], preset: 'utf8' })).toBe(
      'a,b,c\r\n,,',
    );
  });

  it('writes only the header line when there are no rows, without a trailing line break', () => {
    expect(buildCsv({ headers: ['a', 'b'], rows: [], preset: 'utf8' })).toBe('a,b');
  });

  it('quotes an empty cell in a one-column table so the row is not an empty line', () => {
    expect(buildCsv({ headers: ['Note'], rows: [[''], ['x'], [null]], preset: 'utf8' })).toBe(
      'Note\r\n""\r\nx\r\n""',
    );
    expect(buildCsv({ headers: [''], rows: [], preset: 'utf8' })).toBe('""');
  });

  it('does not quote empty cells in wider tables (the delimiter already marks them)', () => {
    expect(buildCsv({ headers: ['a', 'b'], rows: [['', '']], preset: 'excel-fr' })).toBe(`${BOM}a;b\r\n;`);
  });

  it('quotes leading and trailing spaces (papaparse does, so spreadsheets keep them)', () => {
    expect(buildCsv({ headers: [' a', 'b '], rows: [], preset: 'utf8' })).toBe('" a","b "');
  });

  it('rejects a table without columns or with a row of the wrong width', () => {
    expect(() => buildCsv({ headers: [], rows: [], preset: 'utf8' })).toThrow(RangeError);
    expect(() => buildCsv({ headers: ['a', 'b'], rows: [['1']], preset: 'utf8' })).toThrow(
      /Row 0 has 1 cells/,
    );
    expect(() => buildCsv({ headers: ['a'], rows: [['1', '2']], preset: 'utf8' })).toThrow(RangeError);
  });
});

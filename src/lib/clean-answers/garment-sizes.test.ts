import written from '../../../test/fixtures/size-answers.json';
import heldOut from '../../../test/fixtures/size-answers-holdout.json';
import { GARMENT_SIZES, readGarmentSize } from './garment-sizes';

/**
 * Sizes as participants typed them, each with the size it names (null: none, or several). The
 * second set was written apart from the reader, to measure it on answers it was not built on.
 */
const FIXTURE = [...written, ...heldOut] as readonly { raw: string; clean: string | null }[];

describe('readGarmentSize on the sizes participants typed', () => {
  it('the fixture is large and names only known sizes', () => {
    expect(new Set(FIXTURE.map(({ raw }) => raw)).size).toBeGreaterThanOrEqual(300);
    for (const { clean } of FIXTURE) if (clean !== null) expect(GARMENT_SIZES).toContain(clean);
  });

  it('reads at least 98% right, and never reads a size that is not the one typed', () => {
    const misread = FIXTURE.filter(({ raw, clean }) => {
      const read = readGarmentSize(raw);
      return read !== null && read !== clean;
    });
    const right = FIXTURE.filter(({ raw, clean }) => readGarmentSize(raw) === clean).length;
    expect(misread).toEqual([]);
    expect(right / FIXTURE.length).toBeGreaterThanOrEqual(0.98);
  });

  it.each([
    ['XL', 'XL'],
    ['xl ', 'XL'],
    ['TG', 'XL'],
    ['Extra large', 'XL'],
    ['X-Large', 'XL'],
    ['XL / extra large', 'XL'],
    ['Taille M', 'M'],
    ["Men's L", 'L'],
    ['T.U.', 'ONE'],
    ['Taille unique', 'ONE'],
    ['5-6 ans', 'K6'],
    ['meduim', 'M'],
    ['xxx-lage', '3XL'],
  ])('reads %j as %s', (raw, size) => {
    expect(readGarmentSize(raw)).toBe(size);
  });

  it.each(['M/L', 'S/M', 'S ou M', '38', 'YS', '5 ans', 'xxxxxxl', 'T-shirt', '', '?', 'je ne sais pas'])(
    'leaves %j unread rather than guess',
    (raw) => {
      expect(readGarmentSize(raw)).toBeNull();
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every namespace file of a language, as {namespace: texts}: the bundled ones and the screens'. */
function language(code: 'en' | 'fr'): Record<string, unknown> {
  const folder = join(import.meta.dirname, 'locales', code);
  return Object.fromEntries(
    readdirSync(folder).map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(join(folder, file), 'utf8')),
    ]),
  );
}
const resources = { en: language('en'), fr: language('fr') };

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

describe('translations', () => {
  const en = flatten(resources.en);
  const fr = flatten(resources.fr);

  it('French and English have exactly the same keys', () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('no translation is empty', () => {
    for (const [path, value] of [...en, ...fr]) {
      expect(typeof value === 'string' && value.trim() !== '', path).toBe(true);
    }
  });

  it('French and English use the same interpolation variables', () => {
    const variables = (text: unknown) =>
      [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [path, value] of en) expect(variables(fr.get(path)), path).toEqual(variables(value));
  });
});

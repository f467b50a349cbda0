import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleFigures {
  /** What the first page loads: index.html's script, modulepreloads and stylesheets, plus their static imports. */
  initial: AssetSize[];
  initialGzipBytes: number;
  /** Every file in dist/assets (lazy route chunks, the engine worker and its export builders, the demo). */
  allAssetsBytes: number;
  allAssetsGzipBytes: number;
  /** Chunks holding the demo (msw) code; loaded only by "Try the demo". */
  demo: AssetSize[];
  /** True when an initial file contains msw code (it should not). */
  demoInInitial: boolean;
  /** A page load of a screen: the initial files and the screen's code (see SCREEN_LOADS). */
  screens: ScreenLoad[];
}

export interface ScreenLoad {
  screen: string;
  files: AssetSize[];
  gzipBytes: number;
}

/**
 * The screens a page load is measured on, by the chunks of their code that the start-up asks for
 * as it runs (src/app/screen-code.ts: startScreenCode; src/app/screen-data.ts for the events'
 * requests, which every signed-in screen loads): the sign-in screen, and the registrations
 * screen, whose desktop table is a chunk of its own that a phone never loads.
 */
const SCREEN_LOADS: readonly { screen: string; chunks: readonly string[] }[] = [
  { screen: 'sign-in', chunks: ['sign-in'] },
  { screen: 'registrations, phone', chunks: ['registrations', 'event-requests'] },
  {
    screen: 'registrations, desktop',
    chunks: ['registrations', 'registrations-table', 'event-requests'],
  },
];

const gzipSize = (content: Buffer) => gzipSync(content).length;

function size(distDir: string, file: string): AssetSize {
  const content = readFileSync(join(distDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSize(content) };
}

/** Static imports of a built ES module: `import…from"./x.js"` and `import"./x.js"` (not `import(…)`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

const isDemoCode = (code: string) => code.includes('[MSW]');

/** `file` and every file it imports statically, in `into`. */
function withStaticImports(distDir: string, file: string, into: Set<string>): void {
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (into.has(next)) continue;
    into.add(next);
    if (next.endsWith('.js')) {
      const code = readFileSync(join(distDir, next), 'utf8');
      for (const spec of staticImports(code)) queue.push(posix.join(posix.dirname(next), spec));
    }
  }
}

/**
 * The files Vite loads for a dynamic import of the chunk named `name` in `code`: the chunk and
 * the scripts and styles it preloads with it, as the build wrote them
 * (`import("./name-HASH.js"), __vite__mapDeps([indexes])`, the indexes into one list of files).
 */
function dynamicImportFiles(code: string, name: string): string[] | null {
  const list = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(code);
  const call = new RegExp(
    `import\\(["'\`]\\./${name}-[\\w-]{8}\\.js["'\`]\\)(?:\\.then\\([^()]*\\))?,__vite__mapDeps\\(\\[([\\d,]*)\\]\\)`,
  ).exec(code);
  if (!list?.[1] || !call?.[1]) return null;
  const files = JSON.parse(list[1]) as string[];
  return call[1].split(',').map((index) => files[Number(index)]!);
}

export function measureBundle(distDir: string): BundleFigures {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue: string[] = [];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"[^>]*>/g)) {
    if (match[1]) queue.push(match[1].replace(/^\//, ''));
  }
  const initial = new Set<string>();
  for (const file of queue) withStaticImports(distDir, file, initial);
  const initialSizes = [...initial].map((file) => size(distDir, file));
  const initialCode = [...initial]
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(distDir, file), 'utf8'));
  const screens = SCREEN_LOADS.map(({ screen, chunks }) => {
    const files = new Set(initial);
    for (const chunk of chunks) {
      const found = initialCode.map((code) => dynamicImportFiles(code, chunk)).find((list) => list !== null);
      if (!found) throw new Error(`bundle: the initial scripts never import the ${chunk} chunk`);
      for (const file of found) withStaticImports(distDir, file, files);
    }
    const sizes = [...files].map((file) => size(distDir, file));
    return { screen, files: sizes, gzipBytes: sizes.reduce((sum, asset) => sum + asset.gzipBytes, 0) };
  });
  const assets = readdirSync(join(distDir, 'assets')).map((name) => size(distDir, `assets/${name}`));
  const demo = assets.filter((asset) => isDemoCode(readFileSync(join(distDir, asset.file), 'utf8')));
  return {
    initial: initialSizes,
    initialGzipBytes: initialSizes.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    allAssetsBytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
    allAssetsGzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    demo,
    demoInInitial: initialSizes.some((asset) => demo.some((d) => d.file === asset.file)),
    screens,
  };
}

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
  /** Every file in dist/assets (lazy route chunks, the CSV worker, the demo). */
  allAssetsBytes: number;
  allAssetsGzipBytes: number;
  /** Chunks holding the demo (msw) code; loaded only by "Try the demo". */
  demo: AssetSize[];
  /** True when an initial file contains msw code (it should not). */
  demoInInitial: boolean;
}

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

export function measureBundle(distDir: string): BundleFigures {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue: string[] = [];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"[^>]*>/g)) {
    if (match[1]) queue.push(match[1].replace(/^\//, ''));
  }
  const initial = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (initial.has(file)) continue;
    initial.add(file);
    if (file.endsWith('.js')) {
      const code = readFileSync(join(distDir, file), 'utf8');
      for (const spec of staticImports(code)) queue.push(posix.join(posix.dirname(file), spec));
    }
  }
  const initialSizes = [...initial].map((file) => size(distDir, file));
  const assets = readdirSync(join(distDir, 'assets')).map((name) => size(distDir, `assets/${name}`));
  const demo = assets.filter((asset) => isDemoCode(readFileSync(join(distDir, asset.file), 'utf8')));
  return {
    initial: initialSizes,
    initialGzipBytes: initialSizes.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    allAssetsBytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
    allAssetsGzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    demo,
    demoInInitial: initialSizes.some((asset) => demo.some((d) => d.file === asset.file)),
  };
}

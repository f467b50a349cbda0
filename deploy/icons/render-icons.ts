/**
 * Draws the web app manifest's PNG icons from public/favicon.svg with Chromium, so they stay
 * the favicon's drawing: `npm run icons` (CHROME_PATH, default /usr/bin/chromium). The PNGs
 * are committed; run this again after changing the favicon.
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded square, transparent corners);
 * - icon-maskable-512.png: the same drawing filling the whole square (no rounded corners),
 *   since the platform cuts its own shape out of a maskable icon. The white mark spans 62.5 %
 *   of the width, inside the 80 % circle a mask always keeps.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

async function main(): Promise<void> {
  const favicon = await readFile(`${root}public/favicon.svg`, 'utf8');
  // The background square's corner radius is the only rounded thing in the drawing.
  const fullBleed = favicon.replace(/\s+rx="[^"]*"/, '');
  if (fullBleed === favicon) throw new Error('public/favicon.svg has no rounded background to square off');

  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox'],
  });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const svg = icon.maskable ? fullBleed : favicon;
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
          `<img src="${src}" width="${icon.size}" height="${icon.size}" alt="">`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const png = await page.screenshot({ omitBackground: true, type: 'png' });
      await writeFile(`${root}public/icons/${icon.file}`, png);
      console.log(`public/icons/${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * Prints the check-in list to PDF in Chromium and checks what a desk will get on paper:
 * every page carries the running header (event name, date) and a "page / pages" number
 * from the @page margin box, and nothing of the app around the list is printed.
 *
 *   npm run check:print [-- <demo event id> <fr|en>]
 *
 * Not part of `npm run test:e2e`: the list is not wired into a screen yet, so this serves
 * test/print-harness/ from the Vite dev server. Needs Chromium (CHROME_PATH) and `pdftotext`
 * (poppler-utils). The PDF is kept in test-results/ for a look.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { createServer } from 'vite';
import { launchBrowser } from './browser';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [eventId = '1005', lang = 'fr'] = process.argv.slice(2);
const eventName = { '1001': 'Marathon du Lac Léman', '1005': "Foulées d'Annecy" }[eventId] ?? '';

const server = await createServer({
  root,
  configFile: `${root}/vite.config.ts`,
  server: { port: 0, host: '127.0.0.1' },
  logLevel: 'error',
});
await server.listen();
const browser = await launchBrowser();
let failures = 0;
try {
  const page = await browser.newPage();
  const origin = server.resolvedUrls?.local[0] ?? '';
  await page.goto(new URL(`test/print-harness/index.html?event=${eventId}&lang=${lang}`, origin).href);
  await page.locator('.print-list table').first().waitFor({ state: 'attached' });
  const tables = await page.locator('.print-list table').count();

  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  mkdirSync(`${root}/test-results`, { recursive: true });
  const file = `${root}/test-results/check-in-list-${eventId}-${lang}.pdf`;
  writeFileSync(file, pdf);

  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = text.split('\f').filter((p) => p.trim() !== '');
  const check = (ok: boolean, message: string) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
    if (!ok) failures++;
  };
  check(
    pages.length >= tables,
    `${pages.length} pages for ${tables} desk tables (one desk per sheet or more)`,
  );
  pages.forEach((body, index) => {
    const number = `${index + 1} / ${pages.length}`;
    check(!eventName || body.includes(eventName), `page ${index + 1}: running header with the event name`);
    check(
      new RegExp(`(^|\\s)${number.replace(/\//, '\\/')}\\s*$`).test(body.trimEnd()),
      `page ${index + 1}: page number "${number}"`,
    );
    check(!body.includes('The app would be here'), `page ${index + 1}: nothing of the app around the list`);
  });
  console.log(`PDF: ${file}`);
} finally {
  await browser.close();
  await server.close();
}
process.exit(failures === 0 ? 0 : 1);

/*
 * The app can be installed: Chromium finds its web app manifest and reports no installability
 * error (DevTools protocol: Page.getInstallabilityErrors, what the browser's own install
 * button relies on), the manifest holds the names in both languages, and its icons are the
 * PNGs it announces.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '@/i18n/locales/en/common.json';
import frCommon from '@/i18n/locales/fr/common.json';
import {
  launchBrowser,
  waitForShellWorker,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from './browser';
import { TEXT, at, NGINX } from './app';

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let cdp: CDPSession;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.newPage();
  problems = watchPage(page);
  cdp = await browser.context.newCDPSession(page);
});
afterAll(async () => {
  await browser?.close();
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

async function installabilityErrors(): Promise<string[]> {
  const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
  return errors.map((error) => error.errorId);
}

/** Width, height and colour type from a PNG's IHDR chunk (6: with alpha, 2: opaque). */
function pngHeader(png: Buffer): { width: number; height: number; colorType: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), colorType: png[25]! };
}

describe('installing the app', NGINX, () => {
  it('a page without the manifest is not installable: the check below can fail', async () => {
    // config.json is a document of the app's origin with no manifest link (nor icon: Chromium
    // then asks for /favicon.ico, hence a tab of its own).
    const other = await browser.newPage();
    const otherCdp = await browser.context.newCDPSession(other);
    await other.goto(at('/config.json'));
    const { installabilityErrors: errors } = await otherCdp.send('Page.getInstallabilityErrors');
    expect(errors.map((error) => error.errorId)).toContain('no-manifest');
    await other.close();
  });

  it('meets Chromium’s installability criteria on the sign-in screen', async () => {
    await page.goto(at('/sign-in'));
    await page.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    await waitForShellWorker(page);

    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    expect(await installabilityErrors()).toEqual([]);

    const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: enCommon.appName,
      short_name: enCommon.appNameShort,
      lang: 'en',
      name_localized: { fr: frCommon.appName },
      short_name_localized: { fr: frCommon.appNameShort },
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5cad',
    });
    problems.expectNone();
  });

  it('announces icons of 192 and 512 px and a maskable one, each the PNG it says', async () => {
    const { data } = await cdp.send('Page.getAppManifest');
    const { icons } = JSON.parse(data ?? '{}') as { icons: ManifestIcon[] };
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const response = await page.request.get(at(icon.src));
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height, colorType } = pngHeader(await response.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      // The platform cuts its own shape out of a maskable icon: it must fill the square.
      if (icon.purpose === 'maskable') expect(colorType, icon.src).toBe(2);
    }
  });
});

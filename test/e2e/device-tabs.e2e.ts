import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { DEMO_KEYS, apiUrl, at, signInAlpine } from './app';
import { loadedText, openRegistrations } from './steps';
import { COUNT, parseCount, t, textPattern } from './texts';
import { copyState } from './device-copy-state';
import { DEVICE_COPY_CHANNEL } from '@/engine/copy/device-copy-channel';

/**
 * Two tabs of one profile open on one event: when the second one checks for changes and saves
 * the newer list on the device, the first (idle, complete, older) takes it from the copy over
 * the BroadcastChannel, without asking the API.
 */

/** Alpine, upcoming, 420 registrations: a demo day adds some. */
const EVENT = 1005;

let browser: BrowserHandle;
let first: Page;
let second: Page;
let problems: PageProblems[];

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
  first = await browser.newPage();
  second = await browser.newPage();
  problems = [watchPage(first), watchPage(second)];
  // What the first tab hears of the other tabs' saves, for the failure message.
  await first.addInitScript((channel) => {
    const heard: unknown[] = [];
    (window as { heardSaves?: unknown[] }).heardSaves = heard;
    new BroadcastChannel(channel).onmessage = (event) => heard.push({ ...event.data, at: Date.now() });
  }, DEVICE_COPY_CHANNEL);
});
afterAll(async () => {
  // Leave the demo data as the other files expect it.
  await fetch(`${apiUrl}/__demo/reset`, { method: 'POST', headers: { 'X-API-Key': DEMO_KEYS.alpine } });
  await browser?.close();
});

/** The load banner's "All N registrations loaded", whatever N. */
const ALL_LOADED = textPattern('en', 'registrations:load.complete', {
  count: 2,
  groups: { formatted: COUNT },
});
/** "Whole list verified: …", after the day's full check. */
const VERIFIED = new RegExp(`^${t('en', 'registrations:load.verifiedNone').split(':')[0]}`);

/** The load banner's "All N registrations loaded", as N. */
async function loadedCount(page: Page): Promise<number> {
  const text = await page.getByText(ALL_LOADED).first().innerText();
  return parseCount(ALL_LOADED.exec(text)![1]!);
}

/** Registrations requests a page sends from now on. */
function registrationRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(`/v1/events/${EVENT}/registrations`))
      urls.push(request.url());
  });
  return urls;
}

describe('tabs sharing the copy on this device', () => {
  it('a tab takes the newer list another tab saved, from the copy, with no request', async () => {
    await signInAlpine(first);
    await openRegistrations(first, EVENT);
    await loadedText(first, 'en', 420).first().waitFor();

    // A day passes on the server: registrations are added to the event.
    const advanced = await fetch(`${apiUrl}/__demo/advance?days=1&event_id=${EVENT}`, {
      method: 'POST',
      headers: { 'X-API-Key': DEMO_KEYS.alpine },
    });
    expect(advanced.ok).toBe(true);

    const firstRequests = registrationRequests(first);
    const secondRequests = registrationRequests(second);
    // The second tab takes the first one's session (asked over the session channel).
    await second.goto(at(`/events/${EVENT}/registrations`));
    // The second tab opens from the copy, checks for changes and saves the newer list.
    await second.getByText(ALL_LOADED).first().waitFor();
    // A day after the first tab's full download, the check for changes is followed by the
    // day's full check (the only way to see deletions).
    await second.getByText(VERIFIED).first().waitFor({ timeout: 30_000 });
    const newer = await loadedCount(second);
    expect(newer).not.toBe(420);
    // It opened from the copy the first tab saved: the first request asked only what changed.
    expect(secondRequests.length).toBeGreaterThan(0);
    expect(new URL(secondRequests[0]!).searchParams.has('updated_since')).toBe(true);

    try {
      await expect.poll(() => loadedCount(first), { timeout: 15_000 }).toBe(newer);
    } catch (error) {
      // What the first tab was told and what the copy holds, to tell a message never sent
      // from one not taken.
      const heard = await first.evaluate(() => (window as { heardSaves?: unknown[] }).heardSaves);
      const kept = (await copyState(first)).events.filter((entry) => entry.eventId === EVENT);
      throw new Error(`${String(error)}\nheard: ${JSON.stringify(heard)}\ncopy: ${JSON.stringify(kept)}`, {
        cause: error,
      });
    }
    expect(firstRequests).toEqual([]);
    for (const seen of problems) seen.expectNone();
  });
});

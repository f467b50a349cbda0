import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach } from 'vitest';
import { openContexts, watchedProblems } from './browser';

/**
 * When a browser test fails, what its tabs showed at that moment: each tab's address, its
 * headings and busy or status regions, the problems watchPage saw, and a screenshot in
 * test-results/failures/. A failure on a CI machine can then be read, not guessed.
 *
 * A setup file's afterEach runs after the test file's own (vitest runs them as a stack): a
 * test file closes its tabs before its next test, never in an afterEach, or this finds none.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = [...openContexts]
    .flatMap((context) => context.pages())
    .filter((page) => page.url() !== 'about:blank');
  const directory = join('test-results', 'failures');
  await mkdir(directory, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const name = `${basename(task.file.name, '.e2e.ts')}-${task.name}`.replace(/[^\w-]+/g, '-').slice(0, 120);
    const screenshot = join(directory, `${name}-${index}.png`);
    const seen = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll(selector)].map((element) =>
            element.textContent?.trim().slice(0, 160),
          );
        return {
          headings: texts('h1, h2'),
          busy: texts('[aria-busy="true"]').length,
          status: texts('[role="status"], [role="alert"]'),
        };
      })
      .catch((error: unknown) => ({ unreadable: String(error) }));
    await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
    console.error(
      `[e2e] failed "${task.name}": tab ${index} at ${page.url()}\n` +
        `  ${JSON.stringify(seen)}\n` +
        `  problems: ${JSON.stringify(watchedProblems.get(page) ?? [])}\n  screenshot: ${screenshot}`,
    );
  }
});

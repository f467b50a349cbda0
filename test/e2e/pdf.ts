import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/*
 * Printed documents read back the way a person would read the paper: Chromium prints the page
 * to PDF at the CSS page size, and poppler-utils (pdfinfo, pdftotext, pdftoppm) reads it.
 */

/** Prints the page to a PDF file at the size its CSS asks for (`@page size`), as the print dialog does. */
export async function printToPdf(page: Page, file: string): Promise<void> {
  await writeFile(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
}

/** The PDF's number of pages, from pdfinfo. */
export function pdfPageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1];
  if (!pages) throw new Error(`pdfinfo found no page count in ${file}`);
  return Number(pages);
}

/** Each page's size in points (1/72 in), from pdfinfo. */
export function pdfPageSizes(file: string): { width: number; height: number }[] {
  const pages = pdfPageCount(file);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages), file], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({
    width: Number(match[1]),
    height: Number(match[2]),
  }));
}

/** Each page's text laid out as on paper (`pdftotext -layout`), pages split at form feeds. */
export function pdfLayoutPages(file: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = text.split('\f');
  // pdftotext ends the last page with a form feed too.
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

export interface PdfWord {
  readonly text: string;
  /** The word's box, in points from the page's top left corner. */
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

export interface PdfPage {
  readonly width: number;
  readonly height: number;
  /** The words in pdftotext's reading order (right to left scripts in their logical order). */
  readonly words: readonly PdfWord[];
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&#39;': "'",
};

const number = (attributes: string, name: string) =>
  Number(new RegExp(`${name}="([\\d.]+)"`).exec(attributes)?.[1] ?? Number.NaN);

/** Every word of every page with its position (`pdftotext -bbox-layout`). */
export function pdfWords(file: string): PdfPage[] {
  const xhtml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return xhtml
    .split('<page ')
    .slice(1)
    .map((chunk) => ({
      width: number(chunk, 'width'),
      height: number(chunk, 'height'),
      words: [...chunk.matchAll(/<word ([^>]*)>([^<]*)<\/word>/g)].map((match) => ({
        text: match[2]!.replace(/&(?:amp|lt|gt|quot|apos|#39);/g, (entity) => ENTITIES[entity] ?? entity),
        xMin: number(match[1]!, 'xMin'),
        yMin: number(match[1]!, 'yMin'),
        xMax: number(match[1]!, 'xMax'),
        yMax: number(match[1]!, 'yMax'),
      })),
    }));
}

/** PNGs of the first pages (`pdftoppm`), `<prefix>-1.png`…, to look at. */
export function pdfToPngs(file: string, prefix: string, pages: number, dpi = 70): void {
  // One page is `-singlefile` (pdftoppm would name it -01 or -1 after the PDF's page count).
  const one = pages === 1 ? ['-singlefile'] : [];
  const out = pages === 1 ? `${prefix}-1` : prefix;
  execFileSync('pdftoppm', ['-png', ...one, '-r', String(dpi), '-f', '1', '-l', String(pages), file, out]);
}

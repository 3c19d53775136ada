/**
 * PDF of printed sheets: the installed Chromium (playwright-core) prints the same HTML the browser's
 * print view draws (runtime/shared/print/PrintSheet.tsx), with Vazirmatn embedded — Chromium shapes
 * Persian and lays out right to left as the browser does. CHROMIUM_PATH names the executable
 * (default /usr/bin/chromium); without one the PDF is refused with a clear message (503).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { chromium } from 'playwright-core';
import { PROJECT_ROOT } from '../config';
import { PRINT_SHEET_CSS, PrintSheet } from '../../runtime/shared/print/PrintSheet';
import type { SheetModel } from '../../runtime/shared/print/sheetModel';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The Chromium executable: CHROMIUM_PATH, else the default; null when it is not there. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return existsSync(path) ? path : null;
}

let fontFaces: string | null = null;

/** Vazirmatn regular and bold as data URLs (the PDF embeds them; no network). */
function fonts(): string {
  if (fontFaces) return fontFaces;
  const dir = join(PROJECT_ROOT, 'node_modules/vazirmatn/fonts/ttf');
  const face = (file: string, weight: number) =>
    `@font-face { font-family: Vazirmatn; font-weight: ${weight}; src: url(data:font/ttf;base64,${readFileSync(join(dir, file)).toString('base64')}) format('truetype'); }`;
  fontFaces = [face('Vazirmatn-Regular.ttf', 400), face('Vazirmatn-Bold.ttf', 700)].join('\n');
  return fontFaces;
}

/** The whole HTML page of the sheets, one after another (each from a new page). */
export function sheetsHtml(models: SheetModel[]): string {
  const lang = models[0]?.lang ?? 'fa';
  const body = models
    .map((model, i) => renderToStaticMarkup(createElement(PrintSheet, { model, next: i > 0 })))
    .join('\n');
  return `<!doctype html><html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>${fonts()}
@page { size: A4; margin: 12mm; }
body { margin: 0; }
${PRINT_SHEET_CSS}</style></head><body>${body}</body></html>`;
}

export class NoChromiumError extends Error {}

/** The PDF of the sheets; NoChromiumError when no Chromium is installed. */
export async function renderPdf(models: SheetModel[], env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const executablePath = chromiumPath(env);
  if (!executablePath) throw new NoChromiumError(env.CHROMIUM_PATH || DEFAULT_CHROMIUM);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    // nothing leaves the machine: the page is the sheets' HTML and its embedded fonts alone
    await page.route('**/*', (route) => route.abort());
    await page.setContent(sheetsHtml(models), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser.close();
  }
}

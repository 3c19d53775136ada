/**
 * The PDF of a print format on both databases (docs/print.md): Print/Pdf of a sales invoice answers
 * a PDF whose text (pdftotext) has the official title «صورتحساب فروش کالا و خدمات», the seller's name
 * and the grand total in Persian digits; its first page (pdftoppm) looks like the browser drawing the
 * same sheet (a tolerant pixel comparison in Chromium); several ids print one page after another;
 * a customer user gets 404 for an invoice of another customer, a user without the print permission
 * 403, and nobody unauthenticated gets a PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { EntityRow } from '../../runtime/shared/definition';
import type { CurrentUser } from '../../server/context';
import { printSheets } from '../../server/print/sheets';
import type { ListPage as Page } from '../../runtime/shared/envelope';
import { formatMoney, localDigits } from '../../runtime/shared/fieldKind';
import { COMPANY_SETTINGS } from '../../runtime/shared/taxSeed';
import { chromiumPath, sheetsHtml } from '../../server/print/pdf';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'print-pdf-'));

async function pdf(app: FastifyInstance, token: string | null, body: unknown, path = 'Sales/Invoice') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${path}/Print/Pdf`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload };
}

/**
 * The text of a PDF (pdftotext): without the bidi marks poppler adds, one space between words.
 * Poppler writes the lam-alef ligature «لا» back as «ال»; `seen` writes an expected text the same way.
 */
function pdfText(bytes: Buffer, name: string, page?: number): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', ...pages, file, '-'], { encoding: 'utf8' });
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}

const seen = (text: string) => text.replace(/لا/g, 'ال');

function pageCount(bytes: Buffer, name: string): number {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

describe.each(DIALECTS)('print formats as PDF on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let customer = '';
  let vendor = '';
  let invoices: Row[] = [];

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    admin = (await signIn(app, 'admin')).access_token;
    customer = (await signIn(app, 'customer')).access_token;
    vendor = (await signIn(app, 'vendor')).access_token;
    const list = await call<Page<Row>>(app, 'Sales/Invoice/GetList', admin, { pageSize: 50 });
    invoices = list.body.Data.rows.filter((r) => Number(r.grandTotal) > 0);
    expect(invoices.length).toBeGreaterThan(1);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('answers the official invoice as a PDF with the Persian title, the seller and the total', async () => {
    const invoice = invoices[0]!;
    const res = await pdf(app, admin, { ids: [invoice.id] });
    expect(res.status, res.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(res.type).toContain('application/pdf');
    const text = pdfText(res.bytes, `one-${dialect}`);
    expect(text).toContain(seen('صورتحساب فروش کالا و خدمات'));
    // the seller's name (its parenthesised part is reordered by the extraction of a right-to-left line)
    const seller = COMPANY_SETTINGS.find((s) => s.key === 'company.name')!.value;
    expect(text).toContain(seen(seller.split(' (')[0]!));
    expect(text).toContain(formatMoney(invoice.grandTotal, 'fa'));
    expect(text).toContain('مشخصات خریدار');
    expect(text).not.toMatch(/[0-9]{4}/); // every figure in Persian digits
  });

  it('prints several rows one after another, each from a new page', async () => {
    const one = await pdf(app, admin, { ids: [invoices[0]!.id] });
    const two = await pdf(app, admin, { ids: [invoices[0]!.id, invoices[1]!.id] });
    expect(two.status).toBe(200);
    const first = pageCount(one.bytes, `one-${dialect}`);
    expect(pageCount(two.bytes, `two-${dialect}`)).toBeGreaterThan(first);
    // the second invoice starts on the page after the first one's last
    const next = pdfText(two.bytes, `two-${dialect}`, first + 1);
    expect(next).toContain(seen('صورتحساب فروش کالا و خدمات'));
    expect(next).toContain(localDigits(String(invoices[1]!.number), 'fa'));
  });

  it('refuses rows the user may not read (404), users without the print permission (403) and no session (401)', async () => {
    // a customer user prints its own cheques (row scope), not another customer's
    const all = await call<Page<Row>>(app, 'Treasury/Cheque/GetList', admin, { pageSize: 500 });
    const own = await call<Page<Row>>(app, 'Treasury/Cheque/GetList', customer, { pageSize: 500 });
    expect(own.status).toBe(200);
    const ownIds = new Set(own.body.Data.rows.map((r) => r.id));
    expect(ownIds.size).toBeGreaterThan(0);
    const other = all.body.Data.rows.find((r) => !ownIds.has(r.id))!;
    expect(other).toBeDefined();
    const mine = await pdf(app, customer, { ids: [[...ownIds][0]] }, 'Treasury/Cheque');
    expect(mine.status).toBe(200);
    expect(mine.type).toContain('application/pdf');
    const res = await pdf(app, customer, { ids: [other.id] }, 'Treasury/Cheque');
    expect(res.status).toBe(404);
    expect(res.type).not.toContain('pdf');
    // one row of another customer among its own: no PDF at all
    expect((await pdf(app, customer, { ids: [[...ownIds][0], other.id] }, 'Treasury/Cheque')).status).toBe(
      404,
    );
    // no print permission on invoices
    expect((await pdf(app, customer, { ids: [invoices[0]!.id] })).status).toBe(403);
    expect((await pdf(app, vendor, { ids: [invoices[0]!.id] })).status).toBe(403);
    expect((await pdf(app, null, { ids: [invoices[0]!.id] })).status).toBe(401);
    expect((await pdf(app, admin, { ids: [] })).status).toBe(400);
    expect((await pdf(app, admin, { ids: ['1'] })).status).toBe(400);
  });

  it('the PDF page looks like the browser drawing the same sheet', async () => {
    if (dialect !== 'sqlite') return; // the drawing does not depend on the database
    const invoice = invoices[0]!;
    const res = await pdf(app, admin, { ids: [invoice.id] });
    const file = join(dir, 'look.pdf');
    writeFileSync(file, res.bytes);
    execFileSync('pdftoppm', ['-r', '48', '-f', '1', '-l', '1', '-png', '-gray', file, join(dir, 'look')]);
    const pdfPng = readFileSync(join(dir, 'look-1.png')).toString('base64');
    // the browser: the same sheet on an A4-wide screen (the print view's HTML, margins as @page's)
    const browser = await chromium.launch({ executablePath: chromiumPath()!, args: ['--no-sandbox'] });
    try {
      const u = await app.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      const user: CurrentUser = {
        id: Number(u.id),
        username: u.username,
        displayName: u.display_name,
        role: u.role,
        isVendor: false,
        isCustomer: false,
        partyId: null,
        pwdChange: false,
      };
      const entity = app.ctx.registry.byEntityKey('sales.invoice')!;
      const sheets = await printSheets(app.ctx, entity, user, [invoice.id], undefined, 'fa');
      const html = sheetsHtml(sheets).replace(
        '</style>',
        'body { padding: 12mm; width: calc(210mm - 24mm); }</style>',
      );
      const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
      await page.setContent(html);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const shotPng = await page.screenshot({ type: 'png' });
      writeFileSync(join(dir, 'look-browser.png'), shotPng);
      const shot = shotPng.toString('base64');
      // compare at 1/32 size in grey (the layout, not each glyph): the mean difference per pixel and the share of ink both have
      const result = await page.evaluate(
        async ([a, b]) => {
          const grey = async (src: string) => {
            const img = new Image();
            img.src = `data:image/png;base64,${src}`;
            await img.decode();
            const c = document.createElement('canvas');
            c.width = 25;
            c.height = 35;
            const g = c.getContext('2d')!;
            g.drawImage(img, 0, 0, 25, 35);
            const d = g.getImageData(0, 0, 25, 35).data;
            const out: number[] = [];
            for (let i = 0; i < d.length; i += 4) out.push((d[i]! + d[i + 1]! + d[i + 2]!) / 3);
            return out;
          };
          const [x, y] = [await grey(a), await grey(b)];
          let diff = 0;
          let blank = 0;
          let ink = 0;
          for (let i = 0; i < x.length; i++) {
            diff += Math.abs(x[i]! - y[i]!);
            blank += 255 - x[i]!;
            if (x[i]! < 230) ink++;
          }
          return { diff: diff / x.length, blank: blank / x.length, ink: ink / x.length };
        },
        [pdfPng, shot] as const,
      );
      expect(result.ink).toBeGreaterThan(0.05); // not a blank page
      // the browser's drawing is much nearer the PDF's page than a blank page is
      expect(result.diff, JSON.stringify(result)).toBeLessThan(result.blank / 2);
    } finally {
      await browser.close();
    }
  });
});

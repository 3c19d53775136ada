/**
 * The app on a phone (390×844 and 360×740, touch): the menu is a drawer behind the header's
 * button (closed by a navigation, Escape or the backdrop), no screen is wider than the viewport (a
 * screen of every module here, reached through the drawer; every menu screen in the walker), a record is created and saved in a full-screen dialog and opened again by a double
 * tap, and a document's lines grid takes a line. One page per size, client-side navigation. The
 * designer edits an entity's field label and runs Plan at 390×844.
 */
import { expect, test, type Page } from '@playwright/test';
import { typeKeys } from '../../bench/lib/typing';
import { field, signIn } from './helpers';

/**
 * The page's width beyond the phone's screen (0 when nothing scrolls sideways). innerWidth
 * alone is not enough: a phone's browser widens its layout viewport (zooms the page out) to fit
 * content wider than the screen, so the screen's width comes from the test.
 */
const overflow = (page: Page) =>
  page.evaluate(
    (screen) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen,
    page.viewportSize()?.width ?? 0,
  );

const toggle = (page: Page) => page.getByRole('button', { name: 'باز کردن منو', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'منو' });

/** Opens the drawer by its button and taps the menu link to `href`; the drawer closes. */
async function openScreen(page: Page, href: string): Promise<void> {
  await toggle(page).tap();
  await drawer(page).locator(`nav a[href="${href}"]`).tap();
  await expect(drawer(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, '\\/')}$`));
}

/** Waits until a screen has drawn: its heading, and the first rows (or «no rows») of a grid. */
async function screenDrawn(page: Page): Promise<void> {
  await expect(page.locator('#content h1').first()).toBeVisible();
  const grid = page.locator('#content .ag-root-wrapper');
  if ((await grid.count()) === 0) return;
  await expect(
    page.locator('#content [role="gridcell"]').or(page.getByText('رکوردی یافت نشد.')).first(),
  ).toBeVisible();
}

for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`a phone of ${size.width}×${size.height}`, () => {
    test.use({ viewport: size, isMobile: true, hasTouch: true });

    test('the menu drawer opens and closes; a screen of every module fits the width of the screen', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, 'admin');
      // the side bar is gone: the menu waits behind the header's button
      await expect(page.getByRole('navigation', { name: 'منو' })).toBeHidden();
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Escape closes the drawer and gives the focus back to its button
      await toggle(page).tap();
      await expect(drawer(page)).toBeVisible();
      // (the modal drawer hides the rest of the page, its button too, from assistive technology)
      await expect(page.getByTestId('nav-toggle')).toHaveAttribute('aria-expanded', 'true');
      await expect(drawer(page).getByRole('combobox', { name: 'دوره مالی' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toBeHidden();
      await expect(toggle(page)).toBeFocused();
      // a tap on the backdrop (the drawer opens at the right, the start under fa) closes it
      await toggle(page).tap();
      await expect(drawer(page)).toBeVisible();
      await page.touchscreen.tap(12, size.height / 2);
      await expect(drawer(page)).toBeHidden();

      await toggle(page).tap();
      const links = await drawer(page)
        .locator('nav a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      await page.keyboard.press('Escape');
      expect(links.length).toBeGreaterThan(20);
      const wide: string[] = [];
      // a screen of every module (its first) at the narrowest size, the first few at the wider one:
      // every menu screen is measured at 390 px by the walker (walk-fa.spec.ts), as each user
      const firstOfModule = links.filter(
        (href, i) => links.findIndex((h) => h.split('/')[1] === href.split('/')[1]) === i,
      );
      expect(firstOfModule.length).toBeGreaterThan(10);
      for (const href of size.width === 360 ? firstOfModule : links.slice(0, 6)) {
        await openScreen(page, href);
        await screenDrawn(page);
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${href} +${extra}px`);
      }
      expect(wide).toEqual([]);
    });

    test('a unit is created in a full-screen form and opened again by a double tap', async ({ page }) => {
      await signIn(page, 'staff');
      await openScreen(page, '/inventory/unit');
      await screenDrawn(page);
      // the toolbar is above the grid, never over its rows
      const bar = await page.getByRole('toolbar').boundingBox();
      const firstRow = await page.locator('#content .ag-row').first().boundingBox();
      expect(bar && firstRow && bar.y + bar.height <= firstRow.y).toBe(true);

      await page.getByRole('button', { name: 'جدید', exact: true }).tap();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // the form's dialog fills the screen
      const box = async () => {
        const b = await dialog.boundingBox();
        return b && [b.x, b.y, b.width, b.height].map(Math.round);
      };
      await expect.poll(box).toEqual([0, 0, size.width, size.height]);
      // (no digits: how a reopened input shows them is another matter)
      const name = size.width === 360 ? 'کوچک' : 'بزرگ';
      const title = `واحد گوشی ${name}`;
      const symbol = size.width === 360 ? 'گک' : 'گب'; // a Persian symbol, as an office types one
      await field(dialog, 'عنوان').fill(title);
      await field(dialog, 'نماد').fill(symbol);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await dialog.getByRole('button', { name: 'ذخیره', exact: true }).tap();
      await expect(page.getByText('ذخیره شد.')).toBeVisible();
      await expect(dialog).toBeHidden();

      // the key column stays pinned (at the right under fa); a double tap on the row opens the record
      const cell = page.locator('#content [role="gridcell"][col-id="title"]', {
        hasText: title,
      });
      await expect(cell).toHaveClass(/ag-cell-first-right-pinned/);
      const at = await cell.boundingBox();
      expect(at && at.x + at.width).toBeGreaterThan(size.width - 40);
      await cell.tap();
      await cell.tap();
      const reopened = page.getByRole('dialog');
      await expect(field(reopened, 'عنوان')).toHaveValue(title);
      await expect(field(reopened, 'نماد')).toHaveValue(symbol);
    });

    test("an invoice's lines grid takes a line typed on a phone, inside the screen's width", async ({
      page,
    }) => {
      await signIn(page, 'staff');
      await openScreen(page, '/sales/invoice');
      await screenDrawn(page);
      await page.getByRole('button', { name: 'جدید', exact: true }).tap();
      const dialog = page.getByRole('dialog');
      const add = dialog.getByRole('button', { name: 'افزودن سطر' });
      await add.scrollIntoViewIfNeeded();
      await add.tap();
      await typeKeys(page, 'شکر\n\n۲\n۱۲۰۰\n', 0);
      await expect(dialog.locator('[row-index="0"] [col-id="amount"]')).toHaveText('۲٬۴۰۰');
      await page.keyboard.press('Escape');
      await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۲٬۴۰۰');
      // the lines scroll sideways inside their own grid; the page does not
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const lines = await dialog.locator('.ag-root-wrapper').first().boundingBox();
      expect(lines && lines.x >= 0 && lines.x + lines.width <= size.width).toBe(true);
    });
  });
}

test.describe('the designer on a phone of 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an analyst opens an entity, changes a field label inside the screen and runs Plan', async ({
    page,
  }) => {
    await signIn(page, 'analyst');
    await openScreen(page, '/systemConfig/designer');
    await page.getByRole('textbox', { name: 'جستجوی موجودیت' }).fill('unit');
    await page.getByRole('button', { name: /^واحدهای سنجش/ }).tap();
    await expect(page.getByRole('textbox', { name: /^نام فنی/ })).toHaveValue('unit');
    // every label of the designer's form is Persian (no key of the definition format)
    await expect(page.locator('#content')).not.toContainText(/parentField|levelField/);

    // the fields table scrolls sideways in its own box: the label's input is reached and tapped
    const fields = page.getByRole('table', { name: 'فیلدها' });
    const label = fields.getByRole('textbox', { name: 'برچسب فارسی ۱' });
    await label.tap();
    await expect(label).toBeFocused();
    const at = (await label.boundingBox())!;
    expect(at.x).toBeGreaterThanOrEqual(0);
    expect(at.x + at.width).toBeLessThanOrEqual(390);
    await label.fill('عنوان واحد');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Plan: the change listed in a dialog that fits the screen; cancelled, nothing published
    await page.getByRole('button', { name: 'بررسی و انتشار', exact: true }).tap();
    const plan = page.getByRole('dialog', { name: 'بررسی تغییرات و انتشار' });
    await expect(plan.getByRole('cell', { name: 'تغییر برچسب' })).toBeVisible();
    await expect(plan).toContainText('«عنوان واحد»');
    const box = (await plan.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(plan.getByRole('button', { name: 'انتشار', exact: true })).toBeInViewport();
    await page.screenshot({ path: 'test-results/designer-plan-phone.png' });
    await plan.getByRole('button', { name: 'انصراف', exact: true }).tap();
    await expect(plan).toBeHidden();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

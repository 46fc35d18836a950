// Every screen of the web app and every public page, at 390, 768, 1280 and 1920 px, in de, en, ru
// and it: nothing wider than the window, no text cut in a table cell without its tooltip, the
// focus on the new screen's heading after each move (made as a person makes it: the navigation,
// behind the menu button on a narrow window), and axe without serious or critical violations.
// One signed-in browser context per language (and one signed out, for the public pages); axe
// runs once per screen and language, at a width that turns with the language, so each width
// and each language is checked by it once (the layout checks run at every width: they are cheap).
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { de } from '../apps/web/src/locales/de';
import { en, type Texts } from '../apps/web/src/locales/en';
import { it as itTexts } from '../apps/web/src/locales/it';
import { ru } from '../apps/web/src/locales/ru';
import { baseUrl, expectAccessible, repoRoot, signIn } from './support/app';
import { expectFitsWidth, expectHeadingFocused, expectNoCutText } from './support/layout';

const corpus = path.resolve(repoRoot, '../shared/corpus');
const XML = path.join(corpus, 'einvoice/akretion-factur-x/factur-x-en16931.xml');
const PDF = path.join(corpus, 'textpdf/invoice2data/AmazonWebServices.pdf');

const LANGS = { de, en, ru, it: itTexts } as const;
type Lang = keyof typeof LANGS;
const WIDTHS = [390, 768, 1280, 1920] as const;
const AXE_WIDTH: Record<Lang, number> = { en: 1280, de: 390, ru: 768, it: 1920 };

/** A screen reached from the navigation (its link's words), and what shows it is ready. */
interface Screen {
  name: string;
  link: (t: Texts) => string;
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'invoices',
    link: (t) => t.nav.invoices,
    ready: (p) => expect(p.locator('tr[data-status="done"]')).toHaveCount(2),
  },
  { name: 'exports', link: (t) => t.nav.exports, ready: (p) => expect(p.locator('tbody tr')).toHaveCount(2) },
  { name: 'mail', link: (t) => t.nav.mail, ready: (p) => expect(p.getByTestId('mailbox')).toBeVisible() },
  { name: 'api', link: (t) => t.nav.api, ready: (p) => expect(p.getByTestId('limit')).toBeVisible() },
  {
    name: 'keys',
    link: (t) => t.nav.keys,
    ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible(),
  },
  { name: 'usage', link: (t) => t.nav.usage, ready: (p) => expect(p.locator('svg.chart')).toBeVisible() },
  {
    name: 'calculator',
    link: (t) => t.nav.calculator,
    ready: (p) => expect(p.getByTestId('total')).toBeVisible(),
  },
  {
    name: 'plans',
    link: (t) => t.nav.plans,
    ready: (p) => expect(p.locator('ul.plans > li')).toHaveCount(3),
  },
  { name: 'account', link: (t) => t.nav.account, ready: (p) => expect(p.locator('#new-pin')).toBeVisible() },
];

/** The signed-in account's cookies and storage, for a context of each language. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  // One account with something on each screen: two invoices read, a key. (Made again, the same
  // files are the same invoices, and a second key changes nothing here.)
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, 'layout@e2e.example');
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles([XML, PDF]);
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(2, { timeout: 240_000 });
  await page.goto(`${baseUrl()}/app/api/keys`);
  await page.getByLabel('Label').fill('Accounting office with a long name, Hamburg branch');
  await page.getByRole('button', { name: 'Add a key' }).click();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  signedIn = await context.storageState();
  await context.close();
});

/** Opens a screen from the navigation, through the menu button where the window is narrow. */
async function openFromNav(page: Page, t: Texts, label: string): Promise<void> {
  // Behind the menu button (and out of the way of the keyboard) while it is closed; the button
  // shows at once when the window narrows, the navigation follows when React has drawn again.
  const menu = page.getByRole('button', { name: t.nav.menu });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(page.locator('#app-nav')).toHaveJSProperty('inert', false);
  }
  await page
    .getByRole('navigation', { name: t.nav.label })
    .getByRole('link', { name: label, exact: true })
    .click();
}

async function check(page: Page, what: string, axe: boolean): Promise<void> {
  await expectFitsWidth(page, what);
  await expectNoCutText(page, what);
  if (axe) await expectAccessible(page);
}

/** Each width in turn, the screen checked at each once its layout has followed. */
async function checkAtEveryWidth(page: Page, what: string, axeWidth: number): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the resize observers (a table turning into cards) have drawn again.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await check(page, `${what} at ${width}px`, width === axeWidth);
  }
}

for (const [lang, t] of Object.entries(LANGS) as [Lang, Texts][]) {
  test(`the app's screens in ${lang} fit every width, keep their text and move the focus to the heading`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ storageState: signedIn, locale: lang });
    const page = await context.newPage();
    // Started elsewhere, so the first screen opened from the navigation is a move too.
    await page.goto(`${baseUrl()}/app/account?lang=${lang}`);
    // Drawn (the frame comes once the session is known): else the menu button is not there yet
    // when the first move looks for it, and the navigation stays shut behind it.
    await expect(page.locator('#new-pin')).toBeVisible();
    for (const [i, screen] of SCREENS.entries()) {
      // Each move is made at a width that turns from screen to screen (by the menu button on the
      // narrow ones), then the screen is checked at every width.
      const at = WIDTHS[i % WIDTHS.length]!;
      await page.setViewportSize({ width: at, height: 900 });
      await openFromNav(page, t, screen.link(t));
      await screen.ready(page);
      await expectHeadingFocused(page, `${lang} ${screen.name} opened at ${at}px`);
      await checkAtEveryWidth(page, `${lang} ${screen.name}`, AXE_WIDTH[lang]);
    }
    // The company profile, opened from the account.
    await page.getByRole('link', { name: t.account.companyEdit }).click();
    await expect(page.locator('input[name="vat_id"]')).toBeVisible();
    await expectHeadingFocused(page, `${lang} company profile`);
    await checkAtEveryWidth(page, `${lang} company profile`, AXE_WIDTH[lang]);
    // The review, opened from the list: the page picture and the fields.
    await openFromNav(page, t, t.nav.invoices);
    await page
      .locator('tr[data-status="done"]')
      .filter({ hasText: 'AmazonWebServices' })
      .getByRole('link')
      .click();
    await expect(page.locator('li.ir-field').first()).toBeVisible();
    await expect
      .poll(() =>
        page.locator('[data-testid="page"] img').evaluate((el: HTMLImageElement) => el.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectHeadingFocused(page, `${lang} review`);
    await checkAtEveryWidth(page, `${lang} review`, AXE_WIDTH[lang]);
    // The desktop app's sign-in confirmation, reached by the link the desktop app opens.
    await page.goto(`${baseUrl()}/app/device?code=ABCD-EFGH`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.device.title);
    await checkAtEveryWidth(page, `${lang} device`, AXE_WIDTH[lang]);
    // An address naming no screen.
    await page.goto(`${baseUrl()}/app/no-such-screen`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.notFound);
    await checkAtEveryWidth(page, `${lang} not found`, AXE_WIDTH[lang]);
    await context.close();
  });

  test(`the public pages in ${lang} fit every width`, async ({ browser }) => {
    const context = await browser.newContext({ locale: lang });
    const page = await context.newPage();
    // The reviews page is in English only: checked once. The sign-in link's page, as a used link
    // shows it (a live one differs by its button, which the sign-in tests press).
    const addresses = [
      `/${lang}`,
      `/app/sign-in?lang=${lang}`,
      `/api/v1/auth/verify?token=used-link&lang=${lang}`,
      ...(lang === 'en' ? ['/reviews'] : []),
    ];
    for (const address of addresses) {
      await page.goto(`${baseUrl()}${address}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkAtEveryWidth(page, `${lang} ${address}`, AXE_WIDTH[lang]);
    }
    await context.close();
  });
}

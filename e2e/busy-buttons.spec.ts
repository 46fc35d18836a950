// Buttons that send a request, pressed by keyboard alone on the mail, plans and keys screens and
// on the shared invoice screens (review, exports) of packages/ui: while the
// request runs the button keeps the focus (a `disabled` one would drop it to the page), looks and
// is said to be unavailable (aria-disabled), and a second press sends nothing more; the status
// line says what is under way and then what came of it. When the request takes the button away,
// the focus goes to the heading of its part of the screen. Each request is held in the browser
// until the test lets it through to the real service, so nothing depends on timing.
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '../apps/web/src/locales/en';
import { en as uiEn } from '../packages/ui/src/i18n/en';
import { baseUrl, repoRoot, signIn } from './support/app';
import { countRequests, expectActive, expectVisibleFocus, holdNext, tabTo } from './support/keyboard';

/**
 * Presses `key` on the focused `button` while its request is held: the button stays the active
 * element, unavailable, while `status` says `working`; pressed again (Enter and Space) it sends
 * nothing more. Then the request goes on, and the button is available again (if still there).
 */
async function pressWhileHeld(
  page: Page,
  button: Locator,
  key: 'Enter' | 'Space',
  request: { url: string; method?: string; path: string | RegExp },
  status: Locator,
  working: string,
): Promise<{ sent: () => number }> {
  const method = request.method ?? 'POST';
  const held = await holdNext(page, request.url, method);
  const sent = countRequests(page, method, request.path);
  await page.keyboard.press(key);
  await held.arrived;
  await expectActive(button);
  await expectVisibleFocus(button);
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(status).toHaveText(working);
  // Pressed again while busy: nothing more is sent (a second request would be counted before the
  // first is let through: the browser reports them in the order they are sent).
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expectActive(button);
  await held.release();
  expect(sent()).toBe(1);
  return { sent };
}

test('"Scan now" and the mailbox buttons keep the focus while they work, by keyboard alone', async ({
  page,
}) => {
  const email = 'busy-mail@e2e.example';
  await signIn(page, email);
  await page.goto(`${baseUrl()}/app/mail`);
  const status = page.locator('main [role="status"]').first();
  const connect = page.getByRole('button', { name: en.mail.connect });
  await expect(connect).toBeVisible();

  // Connect: the focus stays while the consent link is asked for, then the provider's page opens.
  await tabTo(page, connect, 60);
  const connecting = await pressWhileHeld(
    page,
    connect,
    'Enter',
    { url: '**/api/v1/mail/account/connect', path: '/api/v1/mail/account/connect' },
    status,
    en.mail.connecting,
  );
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  expect(connecting.sent()).toBe(1);
  await page.getByLabel('Mailbox').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/\/app\/mail/);
  await expect(page.getByTestId('mailbox')).toContainText(`Connected: ${email}.`);

  // Scan now, reached with Tab after the country: Enter scans, said while it runs and then what
  // was read, in a live region; the focus never leaves the button.
  const scan = page.getByRole('button', { name: en.mail.scan });
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('aria-live', 'polite');
  await page.getByLabel(en.mail.country).focus();
  await page.keyboard.press('Tab');
  await expectVisibleFocus(scan);
  await pressWhileHeld(
    page,
    scan,
    'Enter',
    { url: '**/api/v1/inbox/scan?*', path: '/api/v1/inbox/scan' },
    result,
    en.mail.scanning,
  );
  await expect(result).toContainText('New invoices: 2. Already known: 0. Not invoices or refused: 1.');
  await expect(scan).not.toHaveAttribute('aria-disabled');
  await expectVisibleFocus(scan);

  // Space scans again: nothing new, said again though the focus never moved.
  await pressWhileHeld(
    page,
    scan,
    'Space',
    { url: '**/api/v1/inbox/scan?*', path: '/api/v1/inbox/scan' },
    result,
    en.mail.scanning,
  );
  await expect(result).toContainText('Messages read: 0. New invoices: 0.');
  await expectVisibleFocus(scan);

  // Disconnect: confirmed by keyboard; the focus comes back to Disconnect while it is done, and
  // stays on that button, which then connects a mailbox.
  const disconnect = page.getByRole('button', { name: en.mail.disconnect, exact: true });
  await tabTo(page, disconnect);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: en.mail.disconnectTitle });
  await expect(dialog.getByRole('button', { name: en.common.cancel })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: en.mail.disconnectConfirm })).toBeFocused();
  const held = await holdNext(page, '**/api/v1/mail/account', 'DELETE');
  const sent = countRequests(page, 'DELETE', '/api/v1/mail/account');
  await page.keyboard.press('Enter');
  await held.arrived;
  await expect(dialog).toHaveCount(0);
  await expectActive(disconnect);
  await expect(disconnect).toHaveAttribute('aria-disabled', 'true');
  await expect(status).toHaveText(en.mail.disconnecting);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await held.release();
  expect(sent()).toBe(1);
  await expect(status).toHaveText(en.mail.disconnected);
  await expect(disconnect).toHaveCount(0);
  await expect(scan).toHaveCount(0);
  await expectActive(connect);
  await expect(connect).not.toHaveAttribute('aria-disabled');
});

test('the plans screen keeps the focus on checkout, "check payment" and the renewal switch', async ({
  page,
}) => {
  await signIn(page, 'busy-plans@e2e.example');
  await page.goto(`${baseUrl()}/app/plans`);
  const status = page.getByTestId('plans-status');
  await expect(status).toHaveAttribute('role', 'status');

  // Pay for Start: the focus stays while the checkout is made, then the provider's page opens.
  const pay = page.getByRole('button', { name: 'Pay for Start' });
  await expect(pay).toBeVisible();
  await page.getByRole('radio', { name: en.plans.monthly }).focus();
  await tabTo(page, pay);
  const checkout = await pressWhileHeld(
    page,
    pay,
    'Enter',
    { url: '**/api/v1/payments/checkout', path: '/api/v1/payments/checkout' },
    status,
    en.plans.opening,
  );
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  expect(checkout.sent()).toBe(1);
  const providerPage = page.url();
  const controls = (c: Record<string, unknown>) =>
    fetch(`${new URL(providerPage).origin}/sandbox/controls`, { method: 'POST', body: JSON.stringify(c) });
  await controls({ dropNotifications: true });
  try {
    // Back without paying: the screen asks once by itself; the payment waits.
    const asked = page.waitForResponse('**/api/v1/payments/*/refresh');
    await page.goto(`${baseUrl()}/app/plans`);
    await asked;
    const check = page.getByRole('button', { name: en.plans.check });
    await expect(check).toBeVisible();
    await expect(check).not.toHaveAttribute('aria-disabled');

    // Check payment by Enter: said while asked, then that nothing has come yet; focus kept.
    const refresh = { url: '**/api/v1/payments/*/refresh', path: /^\/api\/v1\/payments\/\d+\/refresh$/ };
    await tabTo(page, check);
    await pressWhileHeld(page, check, 'Enter', refresh, status, en.plans.checking);
    await expect(status).toHaveText(en.plans.checked.waiting);
    await expect(check).not.toHaveAttribute('aria-disabled');
    await expectVisibleFocus(check);

    // Paid on the provider's page (its notification lost): Space finds it paid, the button goes
    // and the focus moves to the heading of the plan in force.
    const paid = await fetch(providerPage, { method: 'POST', body: new URLSearchParams({ action: 'pay' }) });
    expect(paid.status).toBe(200);
    await pressWhileHeld(page, check, 'Space', refresh, status, en.plans.checking);
    await expect(status).toHaveText(en.plans.checked.paid);
    await expect(check).toHaveCount(0);
    await expect(page.getByRole('heading', { name: en.plans.current })).toBeFocused();
    await expect(page.getByTestId('current-plan')).toContainText(/Start\s*Paid until /);
  } finally {
    await controls({ dropNotifications: false });
  }

  // The renewal switch by Space: the box keeps the focus while the provider is told, a second
  // press changes nothing, and the outcome is said.
  const renew = page.getByRole('checkbox', { name: en.plans.autorenew });
  await expect(renew).toBeChecked();
  await tabTo(page, renew);
  await pressWhileHeld(
    page,
    renew,
    'Space',
    { url: '**/api/v1/billing/autorenew', path: '/api/v1/billing/autorenew' },
    status,
    en.plans.switching,
  );
  await expect(status).toHaveText(en.plans.renewOff);
  await expect(renew).not.toBeChecked();
  await expect(renew).not.toHaveAttribute('aria-disabled');
  await expectVisibleFocus(renew);
});

test('the keys screen keeps the focus on "Add a key" and on "Revoke", and sends each once', async ({
  page,
}) => {
  await signIn(page, 'busy-keys@e2e.example');
  await page.goto(`${baseUrl()}/app/api/keys`);
  const status = page.getByTestId('keys-status');

  // Add a key, reached with Tab from its label: Enter adds it once, the focus stays meanwhile.
  const label = page.getByLabel(en.keys.label);
  await label.fill('Busy');
  const add = page.getByRole('button', { name: en.keys.add });
  await label.focus();
  await page.keyboard.press('Tab');
  await expectVisibleFocus(add);
  await pressWhileHeld(
    page,
    add,
    'Enter',
    { url: '**/api/v1/api/keys', path: '/api/v1/api/keys' },
    status,
    en.keys.adding,
  );
  await expect(page.getByTestId('new-key')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Busy', exact: true })).toHaveCount(1);
  await expect(add).not.toHaveAttribute('aria-disabled');
  await expectVisibleFocus(add);

  // Revoke, confirmed by keyboard: the focus comes back to Revoke while it is done, a second
  // press opens nothing, and when the key's buttons go the focus goes to the heading.
  const revoke = page.getByRole('button', { name: en.keys.revokeOne.replace('{{label}}', 'Busy') });
  await tabTo(page, revoke);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: en.common.cancel })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: en.keys.revokeConfirm })).toBeFocused();
  const revokePath = /^\/api\/v1\/api\/keys\/\d+\/revoke$/;
  const held = await holdNext(page, '**/api/v1/api/keys/*/revoke');
  const sent = countRequests(page, 'POST', revokePath);
  await page.keyboard.press('Enter');
  await held.arrived;
  await expect(dialog).toHaveCount(0);
  await expectActive(revoke);
  await expect(revoke).toHaveAttribute('aria-disabled', 'true');
  await expect(status).toHaveText(en.keys.revoking);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(dialog).toHaveCount(0);
  await held.release();
  expect(sent()).toBe(1);
  await expect(page.getByRole('cell', { name: en.keys.revoked, exact: true })).toHaveCount(1);
  await expect(revoke).toHaveCount(0);
  await expect(page.getByRole('heading', { name: en.keys.title, level: 1 })).toBeFocused();
});

test('the shared review and exports screens keep the focus on "Read again" and a download', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const xml = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');
  const name = path.basename(xml);
  await signIn(page, 'busy-invoices@e2e.example');
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles([xml]);
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 240_000 });

  // Read again, reached with Tab from the country: said while asked, the focus kept, once.
  await row.getByRole('link', { name }).click();
  const reparse = page.getByRole('button', { name: uiEn.review.reparse });
  await expect(reparse).not.toHaveAttribute('aria-disabled');
  await page.getByLabel(uiEn.review.reparse_country).focus();
  await page.keyboard.press('Tab');
  await expectVisibleFocus(reparse);
  await pressWhileHeld(
    page,
    reparse,
    'Enter',
    { url: '**/api/v1/parse/*/reparse*', path: /^\/api\/v1\/parse\/\d+\/reparse$/ },
    page.getByTestId('review-busy'),
    uiEn.review.reparsing,
  );
  // Unavailable (still focused) while the invoice is read again, available once it is done.
  await expect(reparse).not.toHaveAttribute('aria-disabled', 'true', { timeout: 120_000 });
  await expectActive(reparse);

  // The DATEV download: its button keeps the focus while the file is written, and one is asked for.
  await page.goto(`${baseUrl()}/app/exports`);
  await page.locator('tbody tr').filter({ hasText: name }).getByRole('checkbox').check();
  await page.getByLabel(uiEn.exports.consultant_no).fill('1001');
  await page.getByLabel(uiEn.exports.client_no).fill('20002');
  const datev = page.getByRole('button', { name: uiEn.exports.download_datev });
  await page.getByLabel(uiEn.exports.fiscal_year_start).focus();
  await page.keyboard.press('Tab');
  await expectVisibleFocus(datev);
  const download = page.waitForEvent('download');
  const exportStatus = page.getByTestId('exports-status');
  await pressWhileHeld(
    page,
    datev,
    'Enter',
    { url: '**/api/v1/exports/ledger-de', path: '/api/v1/exports/ledger-de' },
    exportStatus,
    uiEn.exports.working,
  );
  await download;
  await expect(exportStatus).toContainText('Downloaded');
  await expect(datev).not.toHaveAttribute('aria-disabled');
  await expectVisibleFocus(datev);
});

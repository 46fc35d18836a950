// The mail screen: a mailbox connected through the Gmail emulator's consent page (its Allow
// button, as a person allows Google), a scan reading the seeded invoices, each reaching done in
// the inbox list and opening its review screen, a letter to the seller, and disconnecting.
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from './support/app';

test('a mailbox is connected, scanned, and its invoices open for review', async ({ page }) => {
  const email = 'mail@e2e.example';
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  await expect(page.getByText('No mailbox is connected.', { exact: false })).toBeVisible();
  await expect(page.getByText('Nothing read from the mailbox yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Connect a mailbox' }).click();
  // The emulator's consent page, on its own port.
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  await page.getByLabel('Mailbox').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/\/app\/mail/);
  await expect(page.getByTestId('mailbox')).toContainText(`Connected: ${email}.`);
  await expect(page.getByRole('status')).toHaveText('Your mailbox is connected.');

  await page.getByLabel('Country of the invoices').selectOption('DE');
  await page.getByRole('button', { name: 'Scan now' }).click();
  // The seeded mailbox: two invoices in the last 14 days, one of them with terms beside it.
  await expect(page.getByTestId('scan-result')).toContainText(
    'New invoices: 2. Already known: 0. Not invoices or refused: 1.',
  );
  const inbox = page.getByTestId('inbox');
  const ubl = inbox.getByRole('row').filter({ hasText: 'xrechnung-ubl-2026-0417.xml' });
  const cii = inbox.getByRole('row').filter({ hasText: 'zugferd-cii-RE-88213.xml' });
  await expect(ubl).toHaveAttribute('data-status', 'done');
  await expect(cii).toHaveAttribute('data-status', 'done');
  await expect(ubl).toContainText('Papierwerk Muster GmbH');
  await expect(ubl).toContainText('Rechnung 2026-0417');
  await expect(inbox.getByRole('row').filter({ hasText: 'agb-druckservice-nord.txt' })).toContainText(
    'not an invoice',
  );
  await expectAccessible(page);
  await screenshot(page, 'mail');

  // A second scan finds nothing new.
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect(page.getByTestId('scan-result')).toContainText('Messages read: 0. New invoices: 0.');

  await cii.getByRole('link', { name: 'zugferd-cii-RE-88213.xml' }).click();
  await page.waitForURL(/\/app\/invoices\/\d+$/);
  await expect(page.getByText('RE-88213').first()).toBeVisible();
  // Its IBAN fails the checksum: the seller is asked for a corrected invoice.
  await page.getByRole('button', { name: 'Ask the seller for a corrected invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The letter to' })).toContainText(
    'buchhaltung@druckservice-nord.example',
  );

  // The letter, sent from the mailbox, in the letters list.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' }).click();
  const letter = page.getByTestId('letters').getByRole('row').filter({ hasText: 'RE-88213' });
  await expect(letter).toHaveAttribute('data-status', 'sent');
  await expect(letter).toContainText('sent');
  await expectAccessible(page);
  await screenshot(page, 'mail-letters');

  // Disconnecting asks first.
  const opener = page.getByRole('button', { name: 'Disconnect', exact: true });
  await opener.click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect the mailbox?' });
  // The focus moves into the question (on Cancel); Escape closes it and gives the focus back.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, disconnect' }).click();
  await expect(page.getByRole('status')).toHaveText('The mailbox is disconnected.');
  await expect(page.getByRole('button', { name: 'Connect a mailbox' })).toBeVisible();
});

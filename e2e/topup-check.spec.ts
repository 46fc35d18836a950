// "Check payment" of the top-up by keyboard alone, in the app's languages, at a desktop's and a
// phone's width: it is reached with Tab in the order it is read, pressed with Enter and Space, keeps
// the focus (visibly) while the provider is asked, says that it asks and then what it found in
// the status line, says a refusal as an alert, and hands the focus to the section's heading when a
// paid top-up takes it away. Every sentence is the language's own, never the English fallback.
import { expect, test } from '@playwright/test';
import { de } from '../apps/web/src/locales/de';
import { en, type Texts } from '../apps/web/src/locales/en';
import { ru } from '../apps/web/src/locales/ru';
import { baseUrl, expectAccessible, screenshot, signIn } from './support/app';
import { countRequests, expectActive, expectVisibleFocus, holdNext, tabTo } from './support/keyboard';

const CASES: Array<{ lang: 'de' | 'ru'; texts: Texts; width: number; height: number; balance: RegExp }> = [
  { lang: 'de', texts: de, width: 1280, height: 900, balance: /^10,00\s€$/ },
  { lang: 'ru', texts: ru, width: 390, height: 844, balance: /^10,00\s€$/ },
];

for (const { lang, texts, width, height, balance } of CASES) {
  test(`"check payment" works by keyboard alone and speaks ${lang} at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, `topup-keys-${lang}@e2e.example`);
    await page.goto(`${baseUrl()}/app/api?lang=${lang}`);
    const form = page.getByRole('region', { name: texts.topUp.title });
    const amount = form.getByLabel(texts.topUp.amount);

    // A top-up started by keyboard: the amount typed, Enter sends the form to the provider's page.
    await amount.focus();
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/app'));
    const providerPage = page.url();
    const controls = (c: Record<string, unknown>) =>
      fetch(`${new URL(providerPage).origin}/sandbox/controls`, { method: 'POST', body: JSON.stringify(c) });
    await controls({ dropNotifications: true });
    try {
      // Back without paying: the screen asks by itself once; the top-up waits, said in the
      // language, with its check offered once that first asking is over.
      const firstAsked = page.waitForResponse('**/api/v1/api/topup/refresh');
      await page.goto(`${baseUrl()}/app/api?lang=${lang}`);
      await firstAsked;
      const status = form.getByRole('status');
      const check = form.getByRole('button', { name: texts.plans.check });
      await expect(check).not.toHaveAttribute('aria-disabled');
      await expect(status).toHaveText(texts.topUp.pending);
      await screenshot(page, `topup-check-${lang}-${width}-waiting`);

      // Tab reaches the check in reading order: after the section's heading and status, before
      // the amount, the currency and the top-up button; Shift+Tab goes back to it.
      await form.getByRole('heading', { name: texts.topUp.title }).focus();
      await tabTo(page, check, 1);
      await expectVisibleFocus(check);
      await page.keyboard.press('Tab');
      await expect(amount).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(form.getByLabel(texts.topUp.currency)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(form.getByRole('button', { name: texts.topUp.pay, exact: true })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await expectVisibleFocus(check);

      // Enter asks the provider: said while it asks, the button kept focused (and unavailable),
      // then what it found.
      const first = await holdNext(page, '**/api/v1/api/topup/refresh');
      const sent = countRequests(page, 'POST', '/api/v1/api/topup/refresh');
      await page.keyboard.press('Enter');
      await first.arrived;
      await expect(status).toHaveText(texts.topUp.checking);
      await expect(check).toHaveAttribute('aria-disabled', 'true');
      await expectActive(check);
      await expectVisibleFocus(check);
      await expectAccessible(page);
      await screenshot(page, `topup-check-${lang}-${width}-asking`);
      // Pressed again while it asks: nothing more is asked (the browser's requests arrive in order,
      // so a second one would have been counted before the first is let through).
      await page.keyboard.press('Enter');
      await first.release();
      expect(sent()).toBe(1);
      await expect(status).toHaveText(texts.topUp.notYet);
      await expect(check).not.toHaveAttribute('aria-disabled');
      await expectVisibleFocus(check);

      // Space asks again; a provider that does not answer is said as an alert, the focus stays.
      await controls({ failFind: true });
      await page.keyboard.press('Space');
      await expect(form.getByRole('alert')).toHaveText(texts.plans.errors.provider_unavailable);
      await expectVisibleFocus(check);
      await screenshot(page, `topup-check-${lang}-${width}-refused`);
      await controls({ failFind: false });

      // Paid on the provider's page (its notification lost): Enter finds it paid; the button goes,
      // and the focus moves to the section's heading, not to the start of the page.
      const paid = await fetch(providerPage, {
        method: 'POST',
        body: new URLSearchParams({ action: 'pay' }),
      });
      expect(paid.status).toBe(200);
      await page.keyboard.press('Enter');
      await expect(status).toHaveText(texts.topUp.paid);
      await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(check).toHaveCount(0);
      await expect(form.getByRole('heading', { name: texts.topUp.title })).toBeFocused();
      await expect(page.getByTestId('balance')).toHaveText(balance);
      await page.keyboard.press('Tab');
      await expect(amount).toBeFocused();
      await expectAccessible(page);
      await screenshot(page, `topup-check-${lang}-${width}-paid`);

      // Nothing of the section fell back to English.
      const shown = (await form.textContent()) ?? '';
      for (const [key, sentence] of Object.entries(en.topUp))
        if (!sentence.includes('{{')) expect(shown, `topUp.${key} in English`).not.toContain(sentence);
      expect(shown).not.toContain(en.plans.check);

      // At this width the page does not scroll sideways.
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    } finally {
      await controls({ dropNotifications: false, failFind: false });
    }
  });
}

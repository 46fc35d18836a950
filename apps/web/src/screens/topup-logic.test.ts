import { uiResources } from '@invoice-reader/ui';
import { describe, expect, it } from 'vitest';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { it as italian } from '../locales/it';
import { ru } from '../locales/ru';
import { KNOWN_ERRORS, lastTopUp } from './plans-logic';
import { minimumTopUp, outcomeOf, TOP_UP_STATUS_KEYS, topUpAmount, topUpStatusKey } from './topup-logic';

const CATALOGUES = { de, en, ru, it: italian };
/** The sentence a dotted key names in a catalogue, or undefined (i18next would fall back to English). */
const textOf = (catalogue: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

const price = {
  currencies: [
    { currency: 'USD', min_top_up: '8.64' },
    { currency: 'RUB', min_top_up: '790.00' },
  ],
};

describe('the API balance top-up', () => {
  it('knows the smallest top-up of each currency the service takes', () => {
    expect(minimumTopUp('EUR', price)).toBe(800);
    expect(minimumTopUp('RUB', price)).toBe(79_000);
    expect(minimumTopUp('USD', price)).toBe(864);
    // The dollar one is the service's rate: unknown until its price list has come.
    expect(minimumTopUp('USD', undefined)).toBeUndefined();
  });

  it('reads the amount in the language’s form and enforces the smallest top-up', () => {
    expect(topUpAmount('10', 'en', 800)).toEqual({ ok: true, minor: 1000 });
    expect(topUpAmount('10,50', 'de', 800)).toEqual({ ok: true, minor: 1050 });
    expect(topUpAmount('1 000,00', 'ru', 79_000)).toEqual({ ok: true, minor: 100_000 });
    expect(topUpAmount('1,000.00', 'en', 800)).toEqual({ ok: true, minor: 100_000 });
    expect(topUpAmount('8.00', 'de', 800)).toEqual({ ok: true, minor: 800 });
    expect(topUpAmount('7,99', 'de', 800)).toEqual({ ok: false, problem: 'below' });
    expect(topUpAmount('789', 'ru', 79_000)).toEqual({ ok: false, problem: 'below' });
    expect(topUpAmount('1.000', 'de', 800)).toEqual({ ok: false, problem: 'amount' });
    expect(topUpAmount('-10', 'en', 800)).toEqual({ ok: false, problem: 'amount' });
    expect(topUpAmount('ten', 'en', 800)).toEqual({ ok: false, problem: 'amount' });
    expect(topUpAmount('  ', 'en', 800)).toEqual({ ok: false, problem: 'empty' });
  });

  it('finds the newest top-up in the payment history, not a plan payment', () => {
    const history = [
      { plan_code: 's', status: 'pending' },
      { plan_code: 'api', status: 'paid' },
      { plan_code: 'api', status: 'failed' },
    ];
    expect(lastTopUp(history)).toEqual({ plan_code: 'api', status: 'paid' });
    expect(lastTopUp([{ plan_code: 'm', status: 'paid' }])).toBeUndefined();
    expect(lastTopUp(undefined)).toBeUndefined();
  });

  it('says what a check of the last top-up found, or that it waits', () => {
    expect(outcomeOf('paid')).toBe('paid');
    expect(outcomeOf('pending')).toBe('waiting');
    expect(outcomeOf('failed')).toBe('failed');
    expect(outcomeOf('expired')).toBe('failed');
    // Before any check: the last top-up waits, or there is nothing to say.
    expect(topUpStatusKey(null, 'pending')).toBe('topUp.pending');
    expect(topUpStatusKey(null, 'paid')).toBe('');
    expect(topUpStatusKey(null, undefined)).toBe('');
    // After a check: the provider's answer, whatever the history said before.
    expect(topUpStatusKey('waiting', 'pending')).toBe('topUp.notYet');
    expect(topUpStatusKey('paid', 'pending')).toBe('topUp.paid');
    expect(topUpStatusKey('failed', 'pending')).toBe('topUp.failed');
    // While a person's check is asked, that is said, so the same answer after is said again.
    expect(topUpStatusKey('waiting', 'pending', true)).toBe('topUp.checking');
    expect(topUpStatusKey(null, 'pending', true)).toBe('topUp.checking');
  });

  it('says every sentence of the top-up in each language of the app, none left in English', () => {
    // The screen's own words, its status lines, the check button and every refusal it may show.
    const keys = [
      ...Object.keys(en.topUp).map((k) => `topUp.${k}`),
      ...TOP_UP_STATUS_KEYS,
      'plans.opening',
      'plans.check',
      'plans.providerSaid',
      'common.failed',
      ...KNOWN_ERRORS.map((code) => `plans.errors.${code}`),
    ];
    for (const [lang, catalogue] of Object.entries(CATALOGUES))
      for (const key of keys) {
        const text = textOf(catalogue, key);
        expect(typeof text === 'string' && text.trim() !== '', `${lang} ${key}`).toBe(true);
        if (lang !== 'en') expect(text, `${lang} ${key} is the English sentence`).not.toBe(textOf(en, key));
      }
    // An amount not written in the language's form: the shared screens' sentence (namespace `ui`).
    for (const lang of Object.keys(CATALOGUES)) {
      const text = textOf(uiResources[lang as keyof typeof uiResources], 'review.invalid.amount');
      expect(typeof text === 'string' && text.trim() !== '', `${lang} ui:review.invalid.amount`).toBe(true);
    }
  });
});

// The Plans screen's decisions: the checkout a person comes back to (the service says
// `pending_payment`), what a card offers over the plan in force, and the sentence per refusal.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { it as italian } from '../locales/it';
import { ru } from '../locales/ru';
import {
  checkedKey,
  DONE_KEYS,
  KNOWN_ERRORS,
  offerOf,
  pendingCheckout,
  refusalOf,
  WORKING_KEYS,
} from './plans-logic';

describe('pendingCheckout', () => {
  it("is the checkout awaiting payment, in the service's own state name", () => {
    expect(pendingCheckout({ state: 'pending_payment', subscription_id: 7 })).toBe(7);
    expect(pendingCheckout({ state: 'active', subscription_id: 7 })).toBeNull();
    expect(pendingCheckout({ state: 'pending_payment', subscription_id: null })).toBeNull();
    expect(pendingCheckout(undefined)).toBeNull();
  });
});

describe('offerOf', () => {
  it('offers no payment for a plan that is not above the one in force', () => {
    expect(offerOf(true, { upgrade: false, amount_rub: 0, full_price_rub: 490 })).toEqual({ kind: 'later' });
  });

  it('offers the upgrade price, the full price, or a longer period', () => {
    expect(offerOf(true, { upgrade: true, amount_rub: 2500, full_price_rub: 3990 })).toEqual({
      kind: 'upgrade',
      amountRub: 2500,
    });
    expect(offerOf(true, { upgrade: true, amount_rub: 3990, full_price_rub: 3990 })).toEqual({
      kind: 'full',
    });
    expect(offerOf(true, { upgrade: true, amount_rub: 0, full_price_rub: 3990 })).toEqual({
      kind: 'longerPeriod',
    });
    expect(offerOf(false, undefined)).toEqual({ kind: 'full' });
    expect(offerOf(true, undefined)).toBeUndefined();
  });
});

describe('refusalOf', () => {
  it("names the renewal switch's provider refusal with the provider's words", () => {
    const err = new ApiError(502, 'http_502', {
      ok: false,
      enabled: true,
      error: 'provider_cancel_failed',
      message: 'Sandbox: cancel refused',
    });
    expect(refusalOf(err)).toEqual({
      key: 'plans.errors.provider_cancel_failed',
      message: 'Sandbox: cancel refused',
    });
  });

  it('names a refusal by its detail, and leaves anything unknown generic', () => {
    expect(refusalOf(new ApiError(409, 'checkout_required', { detail: 'checkout_required' })).key).toBe(
      'plans.errors.checkout_required',
    );
    expect(refusalOf(new ApiError(500, 'internal_error', { detail: 'internal_error' })).key).toBe(
      'common.failed',
    );
    expect(refusalOf(new TypeError('offline')).key).toBe('common.failed');
  });

  it('has an English sentence for every refusal it names', () => {
    const errors = (en.plans as unknown as { errors: Record<string, string> }).errors;
    for (const code of KNOWN_ERRORS) expect(errors[code], code).toBeTruthy();
  });
});

describe('the status line', () => {
  it('says what "check payment" found', () => {
    expect(checkedKey('paid')).toBe('plans.checked.paid');
    expect(checkedKey('pending')).toBe('plans.checked.waiting');
    expect(checkedKey(null)).toBe('plans.checked.waiting');
    expect(checkedKey('failed')).toBe('plans.checked.failed');
    expect(checkedKey('expired')).toBe('plans.checked.failed');
  });

  it('says what is under way and what came of it in each language, none left in English', () => {
    const textOf = (catalogue: object, key: string): unknown =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    for (const [lang, catalogue] of Object.entries({ de, en, ru, it: italian }))
      for (const key of [...Object.values(WORKING_KEYS), ...DONE_KEYS]) {
        const text = textOf(catalogue, key);
        expect(typeof text === 'string' && text.trim() !== '', `${lang} ${key}`).toBe(true);
        if (lang !== 'en') expect(text, `${lang} ${key} is the English sentence`).not.toBe(textOf(en, key));
      }
  });
});

describe('the payment history', () => {
  it("names every state a payment can be in (the service's PAYMENT_STATUSES) in each language", () => {
    const states = ['pending', 'paid', 'failed', 'expired', 'refunded', 'refund_due'];
    for (const [lang, catalogue] of Object.entries({ de, en, ru, it: italian })) {
      const names = (catalogue as { plans: { state: Record<string, string> } }).plans.state;
      for (const state of states) expect(names[state]?.trim(), `${lang} ${state}`).toBeTruthy();
    }
  });
});

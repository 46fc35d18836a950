// The account's API subscription (tag api-subscription): price and scale (public), dashboard,
// keys (list, create, revoke, rotate), the usage journal, countries and the balance. Keys made
// here are the same keys as the admin command line's and work on /v1 at once.
import {
  AccountCountriesOut,
  AccountCountryOut,
  BalanceOut,
  CountryParams,
  DashboardOut,
  KeyCreateIn,
  KeyIdParams,
  KeyRotateIn,
  KeysOut,
  LangQuery,
  NewKeyOut,
  PriceQuery,
  ScaleOut,
  UsageJournalOut,
  UsageQuery,
  VolumePriceOut,
} from '@invoice-reader/contract';
import { type Account, accountById, type Db, usageOf } from '@invoice-reader/db';
import { countryOf } from '@invoice-reader/engine';
import { type Response, Router } from 'express';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { usageSummary } from '../billing/billing.js';
import { formatMinor, pagePriceMinor, SCALE } from '../billing/prices.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { rateLimit } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import { type IssuedKey, issueKey, KeyNotFound, listKeys, revokeKey, rotateKey } from '../keys/keys.js';
import { allCountries, presentCountry } from './countries.js';
import { currencyOfCountry, inCurrency, minTopUpIn, volumeTotalEurMinor } from './pricing.js';

export interface ApiSubscriptionDeps {
  db: Db;
  config: Readonly<Config>;
  publicUrl: string;
}

/** Active keys an account may hold at once (beyond: 409 `too_many_keys`). */
export const MAX_ACTIVE_KEYS = 20;

export function apiSubscriptionRouter({ db, config, publicUrl }: ApiSubscriptionDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);
  const limited = rateLimit(db, config.rateLimitPerMinute);
  const accountOf = async (res: Response): Promise<Account> => {
    const account = await accountById(db, sessionOf(res).accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    return account;
  };

  router.get('/api/v1/api/price', limited, (req, res) => {
    const q = validate(PriceQuery, 'query', req.query as Record<string, unknown>);
    const currency = currencyOfCountry(q.country);
    const totalEur = volumeTotalEurMinor(q.sheets);
    const total = inCurrency(totalEur, currency, config);
    const minTopUp = minTopUpIn(currency, config);
    res.json(
      VolumePriceOut.parse({
        ok: true,
        sheets: q.sheets,
        country: q.country.toUpperCase(),
        currency,
        total: formatMinor(total),
        total_minor: total,
        average_per_sheet: (total / 100 / q.sheets).toFixed(4),
        price_per_sheet: formatMinor(inCurrency(pagePriceMinor(q.sheets), currency, config)),
        min_top_up: formatMinor(minTopUp),
        min_top_up_minor: minTopUp,
        free_sheets: config.freeApiPages,
      }),
    );
  });

  router.get('/api/v1/api/scale', limited, (_req, res) => {
    res.json(
      ScaleOut.parse({
        ok: true,
        currency: 'EUR',
        tiers: SCALE.map((t) => ({
          from_sheets: t.fromPages,
          price_per_sheet: formatMinor(t.minor),
          price_per_sheet_minor: t.minor,
        })),
        rates: { USD: config.eurToUsd, RUB: config.eurToRub },
      }),
    );
  });

  router.get('/api/v1/api/dashboard', session, async (_req, res) => {
    const account = await accountOf(res);
    const now = new Date();
    const u = await usageSummary(db, account, now);
    const active = (await listKeys(db, account.id)).filter((k) => !k.revoked_at);
    res.json(
      DashboardOut.parse({
        ok: true,
        key: active[0] ? keyItem(active[0]) : null,
        active_keys: active.length,
        limit: u.pagesThisMonth + u.pagesLeft,
        used: u.pagesThisMonth,
        left: u.pagesLeft,
        end_date: null,
        month_ends: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1).toISOString(),
        balance: formatMinor(account.balanceMinor),
        currency: 'EUR',
      }),
    );
  });

  router.get('/api/v1/api/keys', session, async (_req, res) => {
    const keys = await listKeys(db, sessionOf(res).accountId);
    res.json(KeysOut.parse({ ok: true, keys: keys.map(keyItem) }));
  });

  router.post('/api/v1/api/keys', session, jsonBody, async (req, res) => {
    const { label } = validate(KeyCreateIn, 'body', req.body);
    const { accountId } = sessionOf(res);
    const active = (await listKeys(db, accountId)).filter((k) => !k.revoked_at).length;
    if (active >= MAX_ACTIVE_KEYS) throw new HttpError(409, 'too_many_keys');
    res.json(newKey(await issueKey(db, config.secret, accountId, label)));
  });

  router.post('/api/v1/api/keys/:key_id/revoke', session, async (req, res) => {
    const { key_id } = validate(KeyIdParams, 'path', req.params);
    try {
      await revokeKey(db, sessionOf(res).accountId, key_id);
    } catch (err) {
      if (err instanceof KeyNotFound) throw new HttpError(404, 'key_not_found');
      throw err;
    }
    const key = (await listKeys(db, sessionOf(res).accountId)).find((k) => k.id === key_id);
    res.json({ ok: true, key: key ? keyItem(key) : null });
  });

  router.post('/api/v1/api/key/rotate', session, jsonBody, async (req, res) => {
    const input = validate(KeyRotateIn, 'body', req.body ?? {});
    const { accountId } = sessionOf(res);
    const keyId = input.key_id ?? (await listKeys(db, accountId)).find((k) => !k.revoked_at)?.id;
    if (keyId === undefined) throw new HttpError(404, 'key_not_found');
    try {
      res.json(newKey(await rotateKey(db, config.secret, accountId, keyId), keyId));
    } catch (err) {
      if (err instanceof KeyNotFound) throw new HttpError(404, 'key_not_found');
      throw err;
    }
  });

  router.get('/api/v1/api/usage', session, async (req, res) => {
    const { limit } = validate(UsageQuery, 'query', req.query as Record<string, unknown>);
    const items = (await usageOf(db, sessionOf(res).accountId, limit)).map((u) => ({
      at: u.createdAt,
      job_id: u.jobId,
      key_id: u.apiKeyId,
      sheets: u.pages,
      free_sheets: u.freePages,
      amount: formatMinor(u.amountMinor),
      amount_minor: u.amountMinor,
    }));
    res.json(UsageJournalOut.parse({ ok: true, currency: 'EUR', items }));
  });

  router.get('/api/v1/api/countries', session, (req, res) => {
    const { lang } = validate(LangQuery, 'query', req.query as Record<string, unknown>);
    res.json(AccountCountriesOut.parse({ ok: true, lang, countries: allCountries(lang) }));
  });

  router.get('/api/v1/api/country/:code', session, (req, res) => {
    const { code } = validate(CountryParams, 'path', req.params);
    const { lang } = validate(LangQuery, 'query', req.query as Record<string, unknown>);
    const country = countryOf(code);
    if (!country) throw new HttpError(404, 'unsupported_country');
    res.json(AccountCountryOut.parse({ ok: true, lang, country: presentCountry(country, lang) }));
  });

  router.get('/api/v1/api/balance', session, async (_req, res) => {
    const account = await accountOf(res);
    const u = await usageSummary(db, account, new Date());
    res.json(
      BalanceOut.parse({
        ok: true,
        pages_left: u.pagesLeft,
        free_pages_left: u.freePagesLeft,
        paid_pages_left: u.pagesLeft - u.freePagesLeft,
        pages_reserved: u.pagesReserved,
        balance: formatMinor(u.balanceMinor),
        balance_minor: u.balanceMinor,
        currency: 'EUR',
        price_per_page: formatMinor(u.pricePerPageMinor),
      }),
    );
  });

  return router;
}

type Listing = Awaited<ReturnType<typeof listKeys>>[number];

function keyItem(k: Listing) {
  return {
    id: k.id,
    label: k.label,
    prefix: k.prefix,
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    active: !k.revoked_at,
    revoked_at: k.revoked_at,
    revoked_reason: (k.revoked_reason as 'revoked' | 'rotated' | null) ?? null,
  };
}

function newKey(k: IssuedKey, replaced?: number) {
  return NewKeyOut.parse({
    ok: true,
    key: k.key,
    key_id: k.id,
    prefix: k.prefix,
    label: k.label,
    created_at: k.created_at,
    callback_secret: k.callback_secret,
    ...(replaced !== undefined ? { replaced_key_id: replaced } : {}),
  });
}

// The public parsing interface (/v1): submit, poll, usage, and the public price and countries.
// Every route is rate limited; the keyed ones authenticate after the limit.
import {
  JobIdParams,
  ParseForm,
  type PriceOut,
  type SubmitOut,
  type UsageOut,
} from '@invoice-reader/contract';
import { accountById, type Db, jobById } from '@invoice-reader/db';
import { COUNTRIES, fieldsFor } from '@invoice-reader/engine';
import { Router } from 'express';
import { usageSummary } from '../billing/billing.js';
import { convertMinor, formatMinor, MIN_TOP_UP_MINOR, pagePriceMinor, SCALE } from '../billing/prices.js';
import type { BlobStore } from '../blobs/store.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { readUploadForm } from '../http/multipart.js';
import { rateLimit } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import { presentJobJson } from '../jobs/present.js';
import { submitFile } from '../jobs/submit.js';
import { callerOf, requireApiKey } from '../keys/auth.js';

export interface PublicApiDeps {
  db: Db;
  blobs: BlobStore;
  config: Readonly<Config>;
  /** Wakes the job runner after a submission. */
  kick: (jobId?: number) => void;
}

export function publicApiRouter({ db, blobs, config, kick }: PublicApiDeps): Router {
  const router = Router();
  const limited = rateLimit(db, config.rateLimitPerMinute);
  const keyed = requireApiKey(db);

  router.post('/v1/parse', limited, keyed, async (req, res) => {
    const caller = callerOf(res);
    const { form, file } = await readUploadForm(req, config.maxUploadBytes, ParseForm);
    const account = await accountById(db, caller.accountId);
    if (!account) throw new HttpError(401, 'invalid_api_key');
    const { job, duplicate, charged } = await submitFile(db, blobs, {
      account,
      apiKeyId: caller.keyId,
      source: 'api',
      bytes: file.bytes,
      filename: file.filename,
      country: form.country,
      callbackUrl: form.callback_url,
      qrSearchMs: config.qrSearchMs,
    });
    if (!duplicate) kick(job.id);
    const fresh = (await jobById(db, job.id)) ?? job;
    const out: SubmitOut = {
      ok: true,
      job_id: fresh.id,
      status: fresh.status,
      charged,
      duplicate,
      pages_reserved: duplicate ? 0 : fresh.reservedPages,
    };
    res.json(out);
  });

  router.get('/v1/parse/:job_id', limited, keyed, async (req, res) => {
    const { job_id } = validate(JobIdParams, 'path', req.params);
    const job = await jobById(db, job_id);
    // Another account's job is answered exactly like a job that does not exist.
    if (!job || job.accountId !== callerOf(res).accountId) throw new HttpError(404, 'job_not_found');
    res.type('json').send(presentJobJson(job));
  });

  router.get('/v1/usage', limited, keyed, async (_req, res) => {
    const account = await accountById(db, callerOf(res).accountId);
    if (!account) throw new HttpError(401, 'invalid_api_key');
    const u = await usageSummary(db, account, new Date());
    const out: UsageOut = {
      ok: true,
      sheets_used: u.pagesUsed,
      sheets_left: u.pagesLeft,
      sheets_used_this_month: u.pagesThisMonth,
      free_pages_left: u.freePagesLeft,
      pages_reserved: u.pagesReserved,
      balance: formatMinor(u.balanceMinor),
      balance_minor: u.balanceMinor,
      currency: 'EUR',
      price_per_page: formatMinor(u.pricePerPageMinor),
    };
    res.json(out);
  });

  const price = priceOut(config);
  router.get('/v1/price', limited, (_req, res) => {
    res.json(price);
  });

  const countries = {
    ok: true as const,
    countries: COUNTRIES.map((c) => ({
      code: c.code,
      name: c.name,
      field_set: c.set,
      fields: fieldsFor(c),
      languages: c.languages,
      currency: c.currency,
      formats: c.formats,
    })),
  };
  router.get('/v1/countries', limited, (_req, res) => {
    res.json(countries);
  });

  return router;
}

function priceOut(config: Readonly<Config>): PriceOut {
  const base = pagePriceMinor(0);
  const other = (currency: string, rate: number) => ({
    currency,
    price_per_page: formatMinor(convertMinor(base, rate)),
    min_top_up: formatMinor(convertMinor(MIN_TOP_UP_MINOR, rate)),
  });
  return {
    ok: true,
    currency: 'EUR',
    price_per_page: formatMinor(base),
    price_per_page_minor: base,
    free_pages: config.freeApiPages,
    min_top_up: formatMinor(MIN_TOP_UP_MINOR),
    scale: SCALE.map((t) => ({ from_pages: t.fromPages, price_per_page: formatMinor(t.minor) })),
    currencies: [other('USD', config.eurToUsd), other('RUB', config.eurToRub)],
    free: [
      'e-invoices (XRechnung, ZUGFeRD, Factur-X, UBL, FatturaPA)',
      'Swiss QR bills and EPC QR codes',
      'PDFs with a text layer',
    ],
  };
}

// The public pages: `/` (to a language by Accept-Language), `/de`, `/en`, `/ru`, `/it` rendered on
// the server, the pages' lead form as a plain form POST, and the try-it upload that reads an
// e-invoice without an account (in memory, never stored, limited per client address).
import { LeadForm, PageLangParams, TryForm, TryOut } from '@invoice-reader/contract';
import { type Db, publishedReviews, upsertLead } from '@invoice-reader/db';
import { countryOf, readInvoice } from '@invoice-reader/engine';
import express, { type RequestHandler, Router } from 'express';
import { normaliseEmail } from '../accounts/accounts.js';
import { allCountries } from '../api-subscription/countries.js';
import { type Lang, langOf } from '../auth/texts.js';
import { currencyNamed, priceList, regionOf, visitorCurrency } from '../billing/price-list.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { readUploadForm } from '../http/multipart.js';
import { clientIp, rateLimit, rateLimitBy } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import { pageAssets } from './assets.js';
import { LANDING_SCRIPT, LANDING_SCRIPT_PATH, landingPage, PAGE_LANGS, tryResultPage } from './landing.js';

export interface PagesDeps {
  db: Db;
  config: Readonly<Config>;
  publicUrl: string;
}

/** A try-it file is small: an e-invoice is text, and nothing here is stored or charged. */
export const TRY_MAX_BYTES = 2 * 1024 * 1024;
const TRY_TIMEOUT_MS = 20_000;
const REVIEWS_SHOWN = 6;

/** The first of de, en, ru, it in an Accept-Language header, by its q-values; else English. */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  const wanted = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0 && (PAGE_LANGS as readonly string[]).includes(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (wanted[0]?.lang as Lang | undefined) ?? 'en';
}

/** A sheet with a folded corner and two lines of text, in the pages' blue. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M7 2h13l6 6v22H7z" fill="#1d4ed8"/><path d="M20 2v6h6" fill="#93c5fd"/><path d="M11 15h11M11 20h11M11 25h7" stroke="#fff" stroke-width="2"/></svg>';

export function pagesRouter({ db, config, publicUrl }: PagesDeps): Router {
  const router = Router();
  const limited = rateLimit(db, config.rateLimitPerMinute);
  const tryLimit = rateLimitBy(db, config.tryRateLimitPerMinute, (req) => `try:${clientIp(req)}`);
  const origin = new URL(publicUrl).origin;
  const formBody = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });
  const assets = pageAssets();
  router.use(assets.router);

  router.get('/', (req, res) => {
    res
      .set('Vary', 'Accept-Language')
      .set('Cache-Control', 'no-cache')
      .redirect(302, `/${langFromAcceptLanguage(req.get('accept-language'))}`);
  });

  // The site's icon, asked for by every browser on every page (a 404 each time otherwise).
  router.get(['/favicon.ico', '/favicon.svg'], (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG);
  });

  // Any other one-segment path is not a page: on to the next routes (and their 404).
  const pageLang: RequestHandler = (req, _res, next) =>
    (PAGE_LANGS as readonly unknown[]).includes(req.params.lang) ? next() : next('route');

  router.get('/:lang', pageLang, limited, async (req, res) => {
    const { lang } = validate(PageLangParams, 'path', req.params);
    // Prices in the currency asked for (the page's switch), else the visitor's: by the country of
    // the browser's language (en-US: dollars), else by the page's language (ru: roubles).
    const currency =
      currencyNamed(req.query.currency) ?? visitorCurrency(lang, regionOf(req.get('accept-language')));
    const html = landingPage({
      lang,
      origin,
      prices: priceList(currency, lang, config),
      picture: assets.picture(lang),
      countries: allCountries(lang).sort((a, b) => a.name.localeCompare(b.name, lang)),
      reviews: (await publishedReviews(db))
        .slice(0, REVIEWS_SHOWN)
        .map((r) => ({ id: r.id, name: r.name, stars: r.stars, text: r.text })),
      leadSent: req.query.lead === 'sent',
    });
    res.type('html').set('Cache-Control', 'no-cache').set('Vary', 'Accept-Language').send(html);
  });

  router.get(LANDING_SCRIPT_PATH, (_req, res) => {
    res.type('js').set('Cache-Control', 'public, max-age=300').send(LANDING_SCRIPT);
  });

  router.post('/:lang/lead', pageLang, limited, formBody, async (req, res) => {
    const { lang } = validate(PageLangParams, 'path', req.params);
    const lead = validate(LeadForm, 'body', (req.body ?? {}) as Record<string, unknown>);
    await upsertLead(
      db,
      {
        email: normaliseEmail(lead.email),
        company: lead.company || null,
        pagesPerMonth: typeof lead.pages_per_month === 'number' ? lead.pages_per_month : null,
        comment: lead.comment || null,
        source: 'site',
        lang,
      },
      new Date().toISOString(),
    );
    // The same answer for a new and a known address, as POST /api/v1/leads.
    res.redirect(303, `/${lang}?lead=sent#lead`);
  });

  router.post('/api/v1/try', tryLimit, async (req, res) => {
    const { form, file } = await readUploadForm(req, TRY_MAX_BYTES, TryForm);
    const country = countryOf(form.country);
    if (!country) throw new HttpError(400, 'unsupported_country');
    // XML only: no OCR, no rendering, nothing that costs; the bytes live in this request alone.
    const r = await readInvoice(file.bytes, {
      country: country.code,
      mode: 'xml',
      filename: file.filename,
      maxBytes: TRY_MAX_BYTES,
      timeoutMs: TRY_TIMEOUT_MS,
    });
    const out = TryOut.parse({
      ok: true,
      status: r.status,
      mode: r.mode,
      error: r.error ?? null,
      message: r.message ?? null,
      fields: r.status === 'done' ? r.fields : {},
      fields_detailed: r.status === 'done' ? r.fields_detailed : [],
    });
    res.set('Cache-Control', 'no-store').set('Vary', 'Accept');
    // A browser without JavaScript posts the form itself and asks for HTML: it gets a page.
    if (req.accepts(['json', 'html']) === 'html')
      res.type('html').send(tryResultPage(langOf(form.lang), out));
    else res.json(out);
  });

  return router;
}

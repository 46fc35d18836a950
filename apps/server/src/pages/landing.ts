// The public page of one language, rendered on the server as plain HTML (a crawler or a person
// without JavaScript reads all of it): what the service does in one look (a picture of the review
// screen) with a call to action, how it works, what it reads and never does, the plans and the
// API's prices in the visitor's currency (price-list.ts), countries, reviews when there are any,
// the try-it upload and the lead form; hreflang alternates for the four languages.
import type { PriceCurrency } from '../api-subscription/pricing.js';
import type { Lang } from '../auth/texts.js';
import { escapeHtml } from '../auth/texts.js';
import type { PriceList } from '../billing/price-list.js';
import { FONT_FILES, PICTURE_SIZE } from './assets.js';
import { PAGE_STYLE } from './landing-style.js';
import { PAGE_TEXTS } from './texts.js';
import { OFFER_TEXTS } from './texts-offer.js';

export const PAGE_LANGS: readonly Lang[] = ['de', 'en', 'ru', 'it'];
export const LANDING_SCRIPT_PATH = '/pages/landing.js';

export interface LandingData {
  lang: Lang;
  /** The service's own origin, for canonical and alternate links. */
  origin: string;
  /** The plans and the API's scale in the visitor's currency (price-list.ts). */
  prices: PriceList;
  /** The picture of the review screen in this language, if there is one. */
  picture: string | null;
  countries: Array<{ code: string; name: string; field_set: string }>;
  reviews: Array<{ id: number; name: string; stars: number; text: string }>;
  leadSent: boolean;
}

const LANG_NAMES: Record<Lang, string> = { de: 'Deutsch', en: 'English', ru: 'Русский', it: 'Italiano' };
const CURRENCY_SIGNS: Record<PriceCurrency, string> = { EUR: '€', USD: '$', RUB: '₽' };
/** The plan a visitor is pointed to first. */
const POPULAR = 'm';
/** The brand's mark: a sheet with a folded corner and three lines. */
const MARK =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M6 2h9l5 5v15H6zM15 2v5h5M9 12h8M9 16h8M9 20h5"/></svg>';

/** The page's header: the brand, the sections, the languages, signing in and the call to action. */
export function siteHeader(lang: Lang, signIn: string, cta: string, nav: string): string {
  const e = escapeHtml;
  const langLinks = PAGE_LANGS.map((l) =>
    l === lang
      ? `<li><a href="/${l}" aria-current="page" lang="${l}">${LANG_NAMES[l]}</a></li>`
      : `<li><a href="/${l}" hreflang="${l}" lang="${l}">${LANG_NAMES[l]}</a></li>`,
  ).join('');
  return `<header class="site-head"><div class="wrap">
<a class="brand" href="/${lang}"><span class="brand-mark">${MARK}</span>Invoice Reader</a>
${nav}
<details class="langs"><summary><span class="sr">${e(PAGE_TEXTS[lang].languages)}: </span>${lang.toUpperCase()}</summary><ul>${langLinks}</ul></details>
<a class="button ghost" href="/app/sign-in?lang=${lang}">${e(signIn)}</a>
<a class="button cta-head" href="/app/sign-in?lang=${lang}">${e(cta)}</a>
</div></header>`;
}

export function landingPage(d: LandingData): string {
  const t = PAGE_TEXTS[d.lang];
  const o = OFFER_TEXTS[d.lang];
  const e = escapeHtml;
  const p = d.prices;
  const money = (minor: number, currency: PriceCurrency = p.currency, digits?: number) =>
    new Intl.NumberFormat(d.lang, {
      style: 'currency',
      currency,
      ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    }).format(minor / 100);
  // A price per page may have more than two decimals in dollars (0.0756 $); kopecks are the
  // smallest part a rouble price shows.
  const perPage = (major: number) =>
    new Intl.NumberFormat(d.lang, {
      style: 'currency',
      currency: p.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: p.currency === 'RUB' ? 2 : 4,
    }).format(major);
  const num = (n: number) => new Intl.NumberFormat(d.lang).format(n);
  const signUp = `/app/sign-in?lang=${d.lang}`;
  const alternates = PAGE_LANGS.map(
    (l) => `<link rel="alternate" hreflang="${l}" href="${e(d.origin)}/${l}">`,
  ).join('\n');
  const nav = `<nav class="site-nav" aria-label="${e(o.navReads)}, ${e(o.navPrices)}"><ul><li><a href="#reads">${e(o.navReads)}</a></li><li><a href="#prices">${e(o.navPrices)}</a></li><li><a href="#try">${e(o.navTry)}</a></li><li><a href="/docs">API</a></li></ul></nav>`;
  const reads = t.reads
    .map(
      ([what, how, charged]) =>
        `<li class="card"><div><strong>${e(what)}</strong><span class="how">${e(how)}</span></div><span class="tag${charged ? '' : ' free'}">${e(charged ? t.charged : t.free)}</span></li>`,
    )
    .join('');
  const plans = p.plans
    .map((plan) => {
      // Roubles are what is charged; in another currency the price is the same at the service's rate.
      const exact = p.currency === 'RUB';
      const rub = (whole: number) => money(whole * 100, 'RUB', 0);
      const price = exact ? rub(plan.monthRub) : money(plan.monthMinor);
      const year = exact ? rub(plan.yearRub) : money(plan.yearMinor);
      const paid = plan.monthRub > 0;
      return `<li class="card${plan.code === POPULAR ? ' pop' : ''}"><h3>${e(plan.name)}</h3>
<p class="price">${e(paid ? (exact ? price : `≈ ${price}`) : money(0, p.currency, 0))} <small>${e(o.perMonth)}</small></p>
${paid ? `<p class="year">${e(o.orPerYear(exact ? year : `≈ ${year}`))}</p>` : ''}
${paid && !exact ? `<p class="charged">${e(o.chargedIn(`${rub(plan.monthRub)} / ${rub(plan.yearRub)}`))}</p>` : ''}
<ul>${plan.features.map((f) => `<li>${e(f)}</li>`).join('')}</ul>
<a class="button${plan.code === POPULAR ? '' : ' ghost'}" href="${signUp}">${e(paid ? o.choose : o.cta)}<span class="sr"> ${e(plan.name)}</span></a></li>`;
    })
    .join('');
  const currencies = (['EUR', 'USD', 'RUB'] as const)
    .map((c) =>
      c === p.currency
        ? `<a href="/${d.lang}?currency=${c}#prices" aria-current="true">${CURRENCY_SIGNS[c]} ${c}</a>`
        : `<a href="/${d.lang}?currency=${c}#prices" rel="nofollow">${CURRENCY_SIGNS[c]} ${c}</a>`,
    )
    .join('');
  const tiers = p.tiers
    .map((x) => `<tr><td class="num">${num(x.fromPage)}</td><td class="num">${perPage(x.price)}</td></tr>`)
    .join('');
  const examples = p.examples
    .map(
      (x) =>
        `<tr><td class="num">${num(x.pages)}</td><td class="num">${money(x.minor, p.currency, 2)}</td></tr>`,
    )
    .join('');
  const countries = d.countries.map((c) => `<li>${e(c.name)}</li>`).join('');
  const options = d.countries
    .map(
      (c) =>
        `<option value="${e(c.code)}"${c.code === defaultCountry(d.lang) ? ' selected' : ''}>${e(c.name)}</option>`,
    )
    .join('');
  // Reviews only when there are any: an empty "no reviews yet" sells nothing.
  const reviews = d.reviews.length
    ? `<section class="block alt" aria-labelledby="reviews"><div class="wrap"><div class="head"><h2 id="reviews">${e(t.reviewsTitle)}</h2></div>
<ul class="reviews">${d.reviews
        .map(
          (r) =>
            `<li class="card"><p class="stars" aria-label="${r.stars} / 5">${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}</p><p>${e(r.text)}</p><p><strong>${e(r.name)}</strong></p></li>`,
        )
        .join('')}</ul>
<p style="margin-top:1rem"><a href="/reviews">${e(t.allReviews)}</a></p></div></section>`
    : '';

  return `<!doctype html>
<html lang="${d.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t.title)}</title>
<meta name="description" content="${e(t.description)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="canonical" href="${e(d.origin)}/${d.lang}">
${alternates}
<link rel="alternate" hreflang="x-default" href="${e(d.origin)}/">
<link rel="preload" href="/pages/fonts/${FONT_FILES[0].name}" as="font" type="font/woff2" crossorigin>
<style>${PAGE_STYLE}</style>
<script src="${LANDING_SCRIPT_PATH}" defer></script>
</head><body>
<a class="skip" href="#main">${e(o.skip)}</a>
${siteHeader(d.lang, t.signIn, o.cta, nav)}
<main id="main">
<section class="hero"><div class="wrap">
<div><h1>${e(t.tagline)}</h1><p class="lead">${e(t.lead)}</p>
<p class="ctas"><a class="button big" href="${signUp}">${e(o.cta)}</a><a class="button big ghost" href="#try">${e(o.tryCta)}</a></p>
<p class="note">${e(o.ctaNote)}</p></div>
${d.picture ? `<figure class="shot"><img src="${d.picture}" width="${PICTURE_SIZE.width}" height="${PICTURE_SIZE.height}" alt="${e(o.pictureAlt)}"></figure>` : ''}
</div></section>
<section class="block alt" aria-labelledby="how"><div class="wrap"><div class="head"><h2 id="how">${e(o.howTitle)}</h2></div>
<ol class="steps">${o.how.map(([title, text]) => `<li class="card"><h3>${e(title)}</h3><p>${e(text)}</p></li>`).join('')}</ol></div></section>
<section class="block" aria-labelledby="reads"><div class="wrap cols">
<div><h2 id="reads">${e(t.readsTitle)}</h2><ul class="reads">${reads}</ul></div>
<div><h2 id="never">${e(t.neverTitle)}</h2><ul class="never">${t.never.map((x) => `<li>${e(x)}</li>`).join('')}</ul></div>
</div></section>
<section class="block alt" aria-labelledby="prices"><div class="wrap">
<div class="head"><h2 id="prices">${e(t.pricesTitle)}</h2></div>
<p class="switch">${e(o.currency)} ${currencies}</p>
<h3>${e(o.plansTitle)}</h3><p class="note" style="margin:.35rem 0 1rem">${e(o.plansLead)}</p>
<ul class="plans">${plans}</ul>
<div class="api"><h3>${e(o.apiTitle)}</h3><p id="api-prices">${e(t.pricesLead(p.freePages, money(p.minTopUpMinor, p.currency, 2)))}</p>
<div class="tables">
<div class="card"><table><thead><tr><th class="num" scope="col">${e(t.fromPages)}</th><th class="num" scope="col">${e(t.perPage)}</th></tr></thead><tbody>${tiers}</tbody></table></div>
<div class="card"><table><caption>${e(t.examplesTitle)}</caption><thead><tr><th class="num" scope="col">${e(t.pagesAMonth)}</th><th class="num" scope="col">${e(t.total)}</th></tr></thead><tbody>${examples}</tbody></table></div>
</div></div></div></section>
<section class="block" aria-labelledby="try"><div class="wrap"><div class="card form-card"><h2 id="try">${e(t.tryTitle)}</h2><p>${e(t.tryLead)}</p>
<form id="try-form" action="/api/v1/try" method="post" enctype="multipart/form-data">
<input type="hidden" name="lang" value="${d.lang}">
<label for="try-file">${e(t.tryFile)}</label>
<input id="try-file" name="file" type="file" required accept=".xml,.pdf,application/xml,text/xml,application/pdf">
<label for="try-country">${e(t.tryCountry)}</label>
<select id="try-country" name="country">${options}</select>
<button class="button" type="submit">${e(t.tryButton)}</button></form>
<div id="try-result" role="status" aria-live="polite"></div></div></div></section>
<section class="block alt" aria-labelledby="countries"><div class="wrap"><h2 id="countries">${e(t.countriesTitle)}</h2><p class="note">${e(t.countriesLead)}</p>
<ul class="countries">${countries}</ul></div></section>
${reviews}
<section class="block" aria-labelledby="lead"><div class="wrap"><div class="card form-card"><h2 id="lead">${e(t.leadTitle)}</h2>
${d.leadSent ? `<p class="thanks" role="status">${e(t.leadThanks)}</p>` : ''}
<p>${e(t.leadLead)}</p>
<form action="/${d.lang}/lead" method="post">
<label for="lead-email">${e(t.leadEmail)}</label><input id="lead-email" name="email" type="email" autocomplete="email" required>
<label for="lead-company">${e(t.leadCompany)}</label><input id="lead-company" name="company" autocomplete="organization" maxlength="200">
<label for="lead-pages">${e(t.leadPages)}</label><input id="lead-pages" name="pages_per_month" type="number" min="0" max="10000000">
<label for="lead-comment">${e(t.leadComment)}</label><textarea id="lead-comment" name="comment" rows="3" maxlength="2000"></textarea>
<button class="button" type="submit">${e(t.leadButton)}</button></form></div></div></section>
</main>
${siteFooter(d.lang)}
</body></html>`;
}

/** The pages' footer: the sections and the API documentation. */
export function siteFooter(lang: Lang): string {
  const o = OFFER_TEXTS[lang];
  const t = PAGE_TEXTS[lang];
  const e = escapeHtml;
  return `<footer class="site-foot"><div class="wrap"><p>Invoice Reader</p>
<ul><li><a href="/${lang}#prices">${e(o.navPrices)}</a></li><li><a href="/docs">${e(t.apiDocs)}</a></li><li><a href="/reviews">${e(t.allReviews)}</a></li><li><a href="/app/sign-in?lang=${lang}">${e(t.signIn)}</a></li></ul></div></footer>`;
}

/** The try-it answer for a browser without JavaScript (its form posts and shows what comes back). */
export function tryResultPage(
  lang: Lang,
  result: {
    status: string;
    message: string | null;
    fields_detailed: Array<{ key: string; value: string; status: string }>;
  },
): string {
  const t = PAGE_TEXTS[lang];
  const e = escapeHtml;
  const rows = result.fields_detailed
    .filter((f) => f.value)
    .map((f) => `<tr><th scope="row">${e(f.key)}</th><td>${e(f.value)}</td><td>${e(f.status)}</td></tr>`)
    .join('');
  const body =
    result.status === 'done' && rows
      ? `<div class="scroll"><table><tbody>${rows}</tbody></table></div>`
      : `<p role="alert">${e(t.tryNothing)}${result.message ? ` (${e(result.message)})` : ''}</p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(t.tryResult)} · Invoice Reader</title><style>${PAGE_STYLE}</style></head>
<body><main class="wrap block"><h1>${e(t.tryResult)}</h1><div class="card" style="margin:1.5rem 0">${body}</div><p><a href="/${lang}#try">${e(t.tryBack)}</a></p></main></body></html>`;
}

function defaultCountry(lang: Lang): string {
  return lang === 'en' ? 'DE' : lang.toUpperCase();
}

/** The page's one script: the try-it form shows what was read in place, without leaving the page. */
export const LANDING_SCRIPT = `(() => {
  const form = document.getElementById('try-form');
  const out = document.getElementById('try-result');
  if (!form || !out) return;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    out.textContent = '…';
    let body;
    try {
      const r = await fetch(form.action, { method: 'POST', body: new FormData(form), credentials: 'same-origin' });
      body = await r.json();
    } catch (err) {
      out.textContent = String(err);
      return;
    }
    out.textContent = '';
    if (!body || !body.ok) { out.textContent = (body && body.detail) ? String(typeof body.detail === 'string' ? body.detail : body.detail[0].msg) : 'error'; return; }
    if (body.status !== 'done') { out.textContent = body.message || body.error || 'failed'; return; }
    const table = document.createElement('table');
    for (const f of body.fields_detailed) {
      if (!f.value) continue;
      const tr = table.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = f.key;
      tr.appendChild(th);
      tr.insertCell().textContent = f.value;
      tr.insertCell().textContent = f.status;
    }
    out.appendChild(table);
  });
})();
`;

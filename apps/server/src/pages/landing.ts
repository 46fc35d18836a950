// The public page of one language, rendered on the server as plain HTML (a crawler or a person
// without JavaScript reads all of it): hreflang alternates, what the service reads and never
// does, the price scale, countries, reviews, the try-it upload and the lead form.
import type { Lang } from '../auth/texts.js';
import { escapeHtml } from '../auth/texts.js';
import { PAGE_TEXTS } from './texts.js';

export const PAGE_LANGS: readonly Lang[] = ['de', 'en', 'ru', 'it'];
export const LANDING_SCRIPT_PATH = '/pages/landing.js';

export interface LandingData {
  lang: Lang;
  /** The service's own origin, for canonical and alternate links. */
  origin: string;
  /** The scale in EUR minor units per page, from its first page of the month. */
  tiers: Array<{ fromPages: number; minor: number }>;
  /** Monthly totals (EUR minor units) of a few volumes, billed as the scale says. */
  examples: Array<{ pages: number; minor: number }>;
  freePages: number;
  minTopUpMinor: number;
  countries: Array<{ code: string; name: string; field_set: string }>;
  reviews: Array<{ id: number; name: string; stars: number; text: string }>;
  leadSent: boolean;
}

const LANG_NAMES: Record<Lang, string> = { de: 'Deutsch', en: 'English', ru: 'Русский', it: 'Italiano' };

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#111;line-height:1.5}
header,main,footer{max-width:60rem;margin:0 auto;padding:0 1rem}
header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding-top:1rem}
header .brand{font-weight:700;font-size:1.2rem;margin-right:auto;color:#111;text-decoration:none}
nav ul{display:flex;gap:.75rem;list-style:none;margin:0;padding:0}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.hero{padding:2rem 0 1rem}.hero h1{font-size:2rem;margin:.2rem 0;hyphens:auto}
h1,h2{overflow-wrap:break-word}
@media (max-width:30rem){.hero h1{font-size:1.5rem}}
section{margin:2rem 0}table{border-collapse:collapse;width:100%}
.scroll{overflow-x:auto;max-width:100%}
th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #e5e7eb;overflow-wrap:anywhere}
td.num,th.num{text-align:right}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(16rem,100%),1fr));gap:1.5rem}
.cols>*{min-width:0}
.countries{columns:14rem;padding-left:1.2rem}
.reviews{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem}
.reviews li{border:1px solid #e5e7eb;border-radius:6px;padding:.75rem}
label{display:block;margin:.6rem 0 .2rem}
input,select,textarea{font:inherit;padding:.4rem;border:1px solid #6b7280;border-radius:4px;width:100%;box-sizing:border-box}
button,.button{font:inherit;padding:.55rem 1.1rem;margin-top:.8rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px;cursor:pointer;text-decoration:none;display:inline-block}
.thanks{background:#ecfdf5;border:1px solid #047857;padding:.75rem;border-radius:4px}
.free{color:#047857;font-weight:600}
footer{border-top:1px solid #e5e7eb;margin-top:3rem;padding:1rem}`;

export function landingPage(d: LandingData): string {
  const t = PAGE_TEXTS[d.lang];
  const e = escapeHtml;
  const money = (minor: number, digits = 2) =>
    new Intl.NumberFormat(d.lang, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 100);
  const num = (n: number) => new Intl.NumberFormat(d.lang).format(n);
  const alternates = PAGE_LANGS.map(
    (l) => `<link rel="alternate" hreflang="${l}" href="${e(d.origin)}/${l}">`,
  ).join('\n');
  const langLinks = PAGE_LANGS.map((l) =>
    l === d.lang
      ? `<li><a href="/${l}" aria-current="page" lang="${l}">${LANG_NAMES[l]}</a></li>`
      : `<li><a href="/${l}" hreflang="${l}" lang="${l}">${LANG_NAMES[l]}</a></li>`,
  ).join('');
  const reads = t.reads
    .map(
      ([what, how, charged]) =>
        `<tr><th scope="row">${e(what)}</th><td>${e(how)}</td><td>${charged ? e(t.charged) : `<span class="free">${e(t.free)}</span>`}</td></tr>`,
    )
    .join('');
  const tiers = d.tiers
    .map((x) => `<tr><td class="num">${num(x.fromPages + 1)}</td><td class="num">${money(x.minor)}</td></tr>`)
    .join('');
  const examples = d.examples
    .map((x) => `<tr><td class="num">${num(x.pages)}</td><td class="num">${money(x.minor)}</td></tr>`)
    .join('');
  const countries = d.countries
    .map((c) => `<li>${e(c.name)} <small>(${e(t.fieldSet)} ${e(c.field_set)})</small></li>`)
    .join('');
  const options = d.countries
    .map(
      (c) =>
        `<option value="${e(c.code)}"${c.code === defaultCountry(d.lang) ? ' selected' : ''}>${e(c.name)}</option>`,
    )
    .join('');
  const reviews = d.reviews.length
    ? `<ul class="reviews">${d.reviews
        .map(
          (r) =>
            `<li><p aria-label="${r.stars} / 5">${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}</p><p>${e(r.text)}</p><p><strong>${e(r.name)}</strong></p></li>`,
        )
        .join('')}</ul>`
    : `<p>${e(t.noReviews)}</p>`;

  return `<!doctype html>
<html lang="${d.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t.title)}</title>
<meta name="description" content="${e(t.description)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="canonical" href="${e(d.origin)}/${d.lang}">
${alternates}
<link rel="alternate" hreflang="x-default" href="${e(d.origin)}/">
<style>${STYLE}</style>
<script src="${LANDING_SCRIPT_PATH}" defer></script>
</head><body>
<header><a class="brand" href="/${d.lang}">Invoice Reader</a>
<nav aria-label="${e(t.languages)}"><ul>${langLinks}</ul></nav>
<a class="button" href="/app/sign-in?lang=${d.lang}">${e(t.signIn)}</a></header>
<main>
<div class="hero"><h1>${e(t.tagline)}</h1><p>${e(t.lead)}</p>
<p><a href="/docs">${e(t.apiDocs)}</a> · <a href="/reviews">${e(t.allReviews)}</a></p></div>
<div class="cols">
<section aria-labelledby="reads"><h2 id="reads">${e(t.readsTitle)}</h2><div class="scroll"><table><tbody>${reads}</tbody></table></div></section>
<section aria-labelledby="never"><h2 id="never">${e(t.neverTitle)}</h2><ul>${t.never.map((x) => `<li>${e(x)}</li>`).join('')}</ul></section>
</div>
<section aria-labelledby="prices"><h2 id="prices">${e(t.pricesTitle)}</h2>
<p>${e(t.pricesLead(d.freePages, money(d.minTopUpMinor)))}</p>
<div class="cols">
<div class="scroll"><table><thead><tr><th class="num" scope="col">${e(t.fromPages)}</th><th class="num" scope="col">${e(t.perPage)}</th></tr></thead><tbody>${tiers}</tbody></table></div>
<div class="scroll"><table><caption>${e(t.examplesTitle)}</caption><thead><tr><th class="num" scope="col">${e(t.pagesAMonth)}</th><th class="num" scope="col">${e(t.total)}</th></tr></thead><tbody>${examples}</tbody></table></div>
</div></section>
<section aria-labelledby="try"><h2 id="try">${e(t.tryTitle)}</h2><p>${e(t.tryLead)}</p>
<form id="try-form" action="/api/v1/try" method="post" enctype="multipart/form-data">
<input type="hidden" name="lang" value="${d.lang}">
<label for="try-file">${e(t.tryFile)}</label>
<input id="try-file" name="file" type="file" required accept=".xml,.pdf,application/xml,text/xml,application/pdf">
<label for="try-country">${e(t.tryCountry)}</label>
<select id="try-country" name="country">${options}</select>
<button type="submit">${e(t.tryButton)}</button></form>
<div id="try-result" role="status" aria-live="polite"></div></section>
<section aria-labelledby="countries"><h2 id="countries">${e(t.countriesTitle)}</h2><p>${e(t.countriesLead)}</p>
<ul class="countries">${countries}</ul></section>
<section aria-labelledby="reviews"><h2 id="reviews">${e(t.reviewsTitle)}</h2>${reviews}
<p><a href="/reviews">${e(t.allReviews)}</a></p></section>
<section aria-labelledby="lead"><h2 id="lead">${e(t.leadTitle)}</h2>
${d.leadSent ? `<p class="thanks" role="status">${e(t.leadThanks)}</p>` : ''}
<p>${e(t.leadLead)}</p>
<form action="/${d.lang}/lead" method="post">
<label for="lead-email">${e(t.leadEmail)}</label><input id="lead-email" name="email" type="email" autocomplete="email" required>
<label for="lead-company">${e(t.leadCompany)}</label><input id="lead-company" name="company" autocomplete="organization" maxlength="200">
<label for="lead-pages">${e(t.leadPages)}</label><input id="lead-pages" name="pages_per_month" type="number" min="0" max="10000000">
<label for="lead-comment">${e(t.leadComment)}</label><textarea id="lead-comment" name="comment" rows="3" maxlength="2000"></textarea>
<button type="submit">${e(t.leadButton)}</button></form></section>
</main>
<footer><p>Invoice Reader · <a href="/docs">${e(t.apiDocs)}</a></p></footer>
</body></html>`;
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
<meta name="robots" content="noindex"><title>${e(t.tryResult)} · Invoice Reader</title><style>${STYLE}</style></head>
<body><main><h1>${e(t.tryResult)}</h1>${body}<p><a href="/${lang}#try">${e(t.tryBack)}</a></p></main></body></html>`;
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

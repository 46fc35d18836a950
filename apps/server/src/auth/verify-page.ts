// The page a sign-in link opens (GET /api/v1/auth/verify). Opening it changes nothing: mail
// scanners and previews open links first (service-spec "Authentication"). Its button POSTs the
// token, then asks for the PIN when one is set, then goes to the web application. A link used or
// expired says so with the way back to the sign-in form, in the page's language. It wears the
// public pages' look (their stylesheet and brand), as the step between them and the app.
import { PAGE_STYLE } from '../pages/landing-style.js';
import { escapeHtml, type Lang, TEXTS } from './texts.js';

export const VERIFY_SCRIPT_PATH = '/api/v1/auth/verify.js';

/** The way back to the sign-in form, in the page's language, for a link that no longer works. */
const NEW_LINK: Record<Lang, string> = {
  en: 'Ask for a new sign-in link',
  de: 'Neuen Anmeldelink anfordern',
  ru: 'Запросить новую ссылку для входа',
  it: 'Richiedi un nuovo link di accesso',
};
export const signInPath = (lang: Lang): string => `/app/sign-in?lang=${lang}`;
const signInLink = (lang: Lang, hidden: boolean) =>
  `<p id="again"${hidden ? ' hidden' : ''}><a href="${escapeHtml(signInPath(lang))}">${escapeHtml(NEW_LINK[lang])}</a></p>`;

/** The brand's mark (as on the public pages): a sheet with a folded corner and three lines. */
const MARK =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M6 2h9l5 5v15H6zM15 2v5h5M9 12h8M9 16h8M9 20h5"/></svg>';

/** The page's own few rules on top of the public pages' stylesheet: one card in the middle. */
const VERIFY_STYLE = `body{background:var(--canvas);min-height:100vh}
.verify{max-width:28rem;margin:0 auto;padding:3rem 1.25rem}
.verify .card{padding:1.75rem;box-shadow:var(--shadow)}
.verify h1{font-size:1.6rem;margin-bottom:.6rem}
.verify form{margin-top:1.25rem}
.verify form .button{margin-top:0;width:100%}
.verify #pin .button{margin-top:1rem}
.verify input{font-size:1.2rem;letter-spacing:.2em}
.verify #status:not(:empty),.verify [role=alert]{margin-top:1rem;color:var(--text)}
.verify #again{margin-top:1rem}
@media (max-width:30rem){.verify{padding:1.5rem 1rem}.verify .card{padding:1.25rem}}`;

export function verifyPage(lang: Lang, token: string, live: boolean): string {
  const t = TEXTS[lang];
  const body = live
    ? `<p>${escapeHtml(t.pageLead)}</p>
<form id="verify" data-token="${escapeHtml(token)}" data-signed-in="${escapeHtml(t.signedIn)}" data-wrong-pin="${escapeHtml(t.wrongPin)}" data-invalid="${escapeHtml(t.invalid)}">
<button class="button big" type="submit">${escapeHtml(t.button)}</button></form>
<form id="pin" hidden><label for="pin-input">${escapeHtml(t.pinLabel)}</label>
<input id="pin-input" name="pin" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{4,8}" required>
<button class="button" type="submit">${escapeHtml(t.pinButton)}</button></form>
<p id="status" role="status" aria-live="polite"></p>
${signInLink(lang, true)}
<script src="${VERIFY_SCRIPT_PATH}"></script>`
    : `<p role="alert">${escapeHtml(t.invalid)}</p>
${signInLink(lang, false)}`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.pageTitle)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${PAGE_STYLE}
${VERIFY_STYLE}</style></head>
<body><header class="site-head"><div class="wrap"><a class="brand" href="/${lang}"><span class="brand-mark">${MARK}</span>Invoice Reader</a></div></header>
<main class="verify"><div class="card"><h1>${escapeHtml(t.pageTitle)}</h1>${body}</div></main></body></html>`;
}

/** The button's script: plain, same-origin (the browser sends the Origin the CSRF check wants). */
export const VERIFY_SCRIPT = `(() => {
  const form = document.getElementById('verify');
  const pinForm = document.getElementById('pin');
  const status = document.getElementById('status');
  const again = document.getElementById('again');
  if (!form) return;
  // The link was used or expired meanwhile: say so, with the way back to the sign-in form.
  const invalid = () => { status.textContent = form.dataset.invalid; again.hidden = false; };
  const token = form.dataset.token;
  const post = (path, body) =>
    fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  const done = () => { status.textContent = form.dataset.signedIn; location.assign('/app/'); };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const r = await post('/api/v1/auth/verify', { token });
    if (!r.ok) { form.hidden = true; invalid(); return; }
    const out = await r.json();
    if (out.pin_required) { form.hidden = true; pinForm.hidden = false; pinForm.querySelector('input').focus(); return; }
    done();
  });
  pinForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const pin = pinForm.querySelector('input').value;
    const r = await post('/api/v1/auth/pin/verify', { pin, token });
    if (r.ok) return done();
    const out = await r.json().catch(() => ({}));
    if (out.detail === 'wrong_pin') { status.textContent = form.dataset.wrongPin; return; }
    pinForm.hidden = true; invalid();
  });
})();
`;

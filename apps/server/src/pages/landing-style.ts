// The public pages' stylesheet: the web application's design tokens (packages/ui theme.ts: the
// brand blue, the greys, Inter, the type and spacing scales, radii) written out for pages the
// server renders, light and dark by the visitor's system. Kept in the page (one request less).
import { FONT_FILES } from './assets.js';

const fontFaces = FONT_FILES.map(
  (f) =>
    `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(/pages/fonts/${f.name}) format('woff2-variations');unicode-range:${f.range}}`,
).join('\n');

export const PAGE_STYLE = `${fontFaces}
:root{--brand:#1d4ed8;--brand-hover:#1e40af;--brand-soft:#eff6ff;--text:#111827;--muted:#4b5563;--line:#e2e8f0;--surface:#fff;--canvas:#f5f7fa;--ok:#15803d;--ok-bg:#f0fdf4;--radius:8px;--radius-lg:12px;--shadow:0 1px 3px rgba(15,23,42,.08),0 12px 32px rgba(15,23,42,.10);color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--brand:#3b82f6;--brand-hover:#60a5fa;--brand-soft:rgba(59,130,246,.14);--text:#e5e7eb;--muted:#a6adb8;--line:#2e3138;--surface:#1f2126;--canvas:#16171b;--ok:#4ade80;--ok-bg:rgba(34,197,94,.12);--shadow:0 1px 3px rgba(0,0,0,.4),0 12px 32px rgba(0,0,0,.35)}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 'Inter Variable',Inter,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--text);background:var(--surface);font-feature-settings:'cv11','ss01'}
a{color:var(--brand)}
:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
h1,h2,h3{line-height:1.25;overflow-wrap:break-word;hyphens:auto;margin:0}
h2{font-size:1.6rem;font-weight:700;letter-spacing:-.01em}
h3{font-size:1.05rem;font-weight:650}
p{margin:0}
.wrap{max-width:72rem;margin:0 auto;padding:0 1.25rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;z-index:10;background:var(--surface);padding:.5rem .75rem;border-radius:var(--radius)}
.site-head{position:sticky;top:0;z-index:5;background:color-mix(in srgb,var(--surface) 92%,transparent);backdrop-filter:blur(8px);border-bottom:1px solid var(--line)}
.site-head .wrap{display:flex;align-items:center;gap:1rem;height:3.75rem}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.05rem;color:var(--text);text-decoration:none;white-space:nowrap;margin-inline-end:auto}
.brand-mark{display:inline-grid;place-items:center;width:1.9rem;height:1.9rem;border-radius:7px;background:var(--brand);color:#fff}
.site-nav ul{display:flex;gap:1.25rem;list-style:none;margin:0;padding:0}
.site-nav a{color:var(--muted);text-decoration:none;font-weight:500;font-size:.94rem}
.site-nav a:hover{color:var(--text)}
.langs{position:relative}
.langs summary{cursor:pointer;list-style:none;padding:.3rem .55rem;border:1px solid var(--line);border-radius:var(--radius);font-size:.85rem;font-weight:600}
.langs summary::-webkit-details-marker{display:none}
.langs ul{position:absolute;right:0;top:calc(100% + .35rem);list-style:none;margin:0;padding:.35rem;background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow);min-width:9rem}
.langs li a{display:block;padding:.35rem .6rem;border-radius:6px;color:var(--text);text-decoration:none}
.langs li a:hover,.langs li a[aria-current]{background:var(--brand-soft)}
.button{display:inline-flex;align-items:center;justify-content:center;gap:.4rem;font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:var(--radius);border:1px solid transparent;background:var(--brand);color:#fff;text-decoration:none;cursor:pointer;white-space:nowrap}
.button:hover{background:var(--brand-hover)}
.button.ghost{background:transparent;color:var(--text);border-color:var(--line)}
.button.ghost:hover{background:var(--canvas)}
.button.big{padding:.8rem 1.4rem;font-size:1.02rem}
@media (max-width:56rem){.site-nav{display:none}}
@media (max-width:30rem){.site-head .cta-head{display:none}.brand{font-size:.98rem}}
.hero{padding:3.5rem 0 3rem;background:linear-gradient(180deg,var(--brand-soft),var(--surface) 70%)}
.hero .wrap{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,7fr);gap:2.5rem;align-items:center}
@media (max-width:60rem){.hero .wrap{grid-template-columns:minmax(0,1fr)}.hero{padding-top:2rem}}
.hero h1{font-size:clamp(1.9rem,1.3rem + 2.4vw,3rem);font-weight:750;letter-spacing:-.02em}
.hero .lead{font-size:1.08rem;color:var(--muted);margin-top:1rem}
.ctas{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
.note{margin-top:.8rem;color:var(--muted);font-size:.88rem}
.shot{margin:0;border-radius:var(--radius-lg);overflow:hidden;border:1px solid var(--line);box-shadow:var(--shadow);background:var(--surface)}
.shot img{display:block;width:100%;height:auto}
.block{padding:3.5rem 0}
.alt{background:var(--canvas);border-block:1px solid var(--line)}
.head{max-width:44rem;margin-bottom:1.75rem}
.head p{color:var(--muted);margin-top:.5rem}
.steps{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr));gap:1rem;list-style:none;margin:0;padding:0;counter-reset:step}
.card{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius-lg);padding:1.25rem;min-width:0}
.steps li{counter-increment:step}
.steps li::before{content:counter(step);display:inline-grid;place-items:center;width:1.8rem;height:1.8rem;border-radius:50%;background:var(--brand-soft);color:var(--brand);font-weight:700;margin-bottom:.75rem}
.steps p,.card p{color:var(--muted);margin-top:.35rem}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:2.5rem}
.cols>*{min-width:0}
.reads{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:.6rem}
/* A long tag goes under the words (on a phone) instead of squeezing them into a narrow column. */
.reads li{display:flex;flex-wrap:wrap;gap:.35rem .75rem;align-items:flex-start;justify-content:space-between;padding:.75rem 1rem}
.reads li>div{min-width:0;flex:1 1 12rem}
.reads strong{display:block;overflow-wrap:break-word}
.reads span.how{color:var(--muted);font-size:.92rem}
.tag{flex:none;font-size:.8rem;font-weight:600;padding:.1rem .55rem;border-radius:999px;background:var(--canvas);color:var(--muted);white-space:nowrap}
.tag.free{background:var(--ok-bg);color:var(--ok)}
.never{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:.6rem}
.never li{padding-inline-start:1.75rem;position:relative}
.never li::before{content:'';position:absolute;left:.2rem;top:.45rem;width:.8rem;height:.45rem;border-left:2px solid var(--ok);border-bottom:2px solid var(--ok);transform:rotate(-45deg)}
.switch{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:0 0 1.25rem;font-size:.9rem;color:var(--muted)}
.switch a{padding:.2rem .6rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;color:var(--text);font-weight:600}
.switch a[aria-current]{background:var(--brand);border-color:var(--brand);color:#fff}
.plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,14.5rem),1fr));gap:1rem;list-style:none;margin:0;padding:0}
.plans>li{display:flex;flex-direction:column;gap:.5rem}
.plans>li.pop{border-color:var(--brand);box-shadow:0 0 0 1px var(--brand)}
.plans .price{color:var(--text)}
.price{font-size:1.7rem;font-weight:750;letter-spacing:-.01em;font-variant-numeric:tabular-nums}
.price small{font-size:.88rem;font-weight:500;color:var(--muted);letter-spacing:0}
.plans .year,.plans .charged{font-size:.85rem;color:var(--muted)}
.plans ul{margin:.25rem 0 .5rem;padding-inline-start:1.1rem;font-size:.92rem;flex:1}
.plans .button{margin-top:auto}
.api{margin-top:2.5rem}
.api>p{color:var(--muted);margin:.5rem 0 1rem}
.tables{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,18rem),1fr));gap:1rem}
table{border-collapse:collapse;width:100%;table-layout:fixed}
caption{text-align:start;font-weight:650;padding-bottom:.4rem}
th,td{text-align:start;padding:.45rem .75rem;border-bottom:1px solid var(--line)}
th{font-size:.82rem;color:var(--muted);font-weight:600;overflow-wrap:break-word;vertical-align:bottom}
td.num,th.num{text-align:end;font-variant-numeric:tabular-nums}
td.num{white-space:nowrap}
.countries{columns:13rem;padding-inline-start:1.1rem;margin:1rem 0 0}
.reviews{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,17rem),1fr));gap:1rem}
.stars{color:#f59e0b;letter-spacing:.1em}
form label{display:block;margin:.8rem 0 .3rem;font-weight:600;font-size:.92rem}
input,select,textarea{font:inherit;color:inherit;background:var(--surface);padding:.5rem .65rem;border:1px solid #94a3b8;border-radius:var(--radius);width:100%}
form .button{margin-top:1rem}
.form-card{max-width:40rem}
.thanks{background:var(--ok-bg);border:1px solid var(--ok);padding:.75rem 1rem;border-radius:var(--radius);margin-bottom:1rem}
#try-result{margin-top:1rem;overflow-wrap:anywhere}
#try-result table{font-size:.9rem}
.site-foot{border-top:1px solid var(--line);padding:2rem 0;color:var(--muted);font-size:.9rem}
.site-foot .wrap{display:flex;flex-wrap:wrap;gap:1rem 2rem;justify-content:space-between}
.site-foot ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
@media (max-width:30rem){.card{padding:1rem}th,td{padding:.4rem .5rem}.wrap{padding:0 1rem}}`;

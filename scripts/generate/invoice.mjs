// One made-up invoice of a country and language: its parties, numbers, dates, items, VAT
// breakdown and totals (integer cents), the labels and number/date forms it prints with, and
// the traps beside the fields (customer and order numbers, buyer VAT id, bank name, delivery
// date, payment reference). The truth file is derived from this model by truth().

import countries from './countries.json' with { type: 'json' };
import { addDays, formatAmount, formatDate, formatNumber } from './format.mjs';
import { groupIban, iban as makeIban, vatId as makeVatId } from './ids.mjs';
import lexicon from './lexicon.json' with { type: 'json' };

export const COUNTRIES = Object.keys(countries).filter((k) => !k.startsWith('$'));
export const LANGUAGES = Object.keys(lexicon).filter((k) => !k.startsWith('$'));

/** Countries whose invoices are written in `lang`. */
export function countriesOf(lang) {
  return COUNTRIES.filter((c) => countries[c].langs.includes(lang));
}

/** Country names as international mail prints them (a foreign buyer's last address line). */
const COUNTRY_NAMES = {
  de: 'GERMANY',
  at: 'AUSTRIA',
  ch: 'SWITZERLAND',
  gb: 'UNITED KINGDOM',
  ie: 'IRELAND',
  fr: 'FRANCE',
  be: 'BELGIUM',
  lu: 'LUXEMBOURG',
  it: 'ITALY',
  nl: 'NETHERLANDS',
  es: 'SPAIN',
  pt: 'PORTUGAL',
  pl: 'POLAND',
  cz: 'CZECH REPUBLIC',
  sk: 'SLOVAKIA',
  se: 'SWEDEN',
  dk: 'DENMARK',
  fi: 'FINLAND',
  hu: 'HUNGARY',
  ro: 'ROMANIA',
  si: 'SLOVENIA',
  hr: 'CROATIA',
  bg: 'BULGARIA',
  gr: 'GREECE',
  lt: 'LITHUANIA',
  lv: 'LATVIA',
  ee: 'ESTONIA',
};

/** Invoice number shapes per language; {yyyy}, {yy}, {mm}, {nK} (K digits) are filled in. */
const NUMBER_SHAPES = {
  de: ['RE-{yyyy}-{n4}', '{yyyy}{n4}', 'R{n6}', '{n5}', 'RE{yy}-{n4}'],
  en: ['INV-{n5}', 'INV-{yyyy}-{n4}', '{n6}', 'SI-{n5}'],
  fr: ['F{yyyy}-{n4}', 'FA{n6}', 'FAC-{yyyy}-{n3}', '{yyyy}{mm}-{n3}'],
  it: ['{n3}/{yyyy}', '{yyyy}/{n4}', 'FT{n5}', '{n4}/E'],
  nl: ['F{yyyy}-{n4}', '{yyyy}{n4}', 'INV{n5}'],
  es: ['A-{n4}', '{yyyy}/{n4}', 'F{yy}-{n5}', 'FAC{n6}'],
  pt: ['FT {yyyy}/{n3}', 'FT A{yyyy}/{n4}', 'FR {yyyy}/{n3}'],
  pl: ['FV/{n3}/{mm}/{yyyy}', '{n2}/{mm}/{yyyy}', 'FV {n4}/{yyyy}', 'F/{n4}/{yy}'],
  cs: ['{yyyy}{n6}', 'FV{yyyy}{n4}', '{yy}0{n5}'],
  sk: ['{yyyy}{n6}', 'FA{yyyy}{n4}', '{yy}{n6}'],
  sv: ['{n5}', '{yyyy}{n4}', '{n6}'],
  da: ['{n4}', '{n5}', '{yyyy}-{n3}'],
  fi: ['{n5}', '{yyyy}{n4}', '{n6}'],
  hu: ['SZ-{yyyy}-{n5}', 'E-{yyyy}/{n4}', '{yyyy}/{n6}'],
  ro: ['BVX {n4}', 'FCT-{n5}', 'AB{yyyy}{n4}'],
  sl: ['{yyyy}-{n5}', '{yy}-{n3}-{n5}', 'R{yyyy}/{n4}'],
  hr: ['{n3}/1/1', '{n4}-P1-1', 'R-{yyyy}-{n4}'],
  bg: ['{n10}', '000{n7}'],
  el: ['Α-{n4}', 'ΤΠΥ {n5}', 'ΤΔΑ-{n4}'],
  lt: ['ABC{n6}', 'SF{n7}', 'PVM{n5}'],
  lv: ['RK-{n4}', '{yyyy}/{n4}', 'SIA-{n5}'],
  et: ['{n5}', '{yyyy}-{n4}', 'A{n6}'],
};
const CREDIT_PREFIX = {
  de: 'GS',
  en: 'CN',
  fr: 'AV',
  it: 'NC',
  nl: 'CR',
  es: 'R',
  pt: 'NC',
  pl: 'KOR',
  cs: 'D',
  sk: 'D',
  sv: 'K',
  da: 'K',
  fi: 'H',
  hu: 'HSZ',
  ro: 'STO',
  sl: 'DB',
  hr: 'OD',
  bg: 'КИ',
  el: 'ΠΤ',
  lt: 'KR',
  lv: 'KR',
  et: 'KR',
};
const CUSTOMER_SHAPES = ['K-{n5}', '{n6}', 'C{n4}', 'KD{n5}', '{n5}'];
const ORDER_SHAPES = ['PO-{n6}', '{n7}', 'B-{yyyy}-{n3}', 'ORD{n5}', '{n4}/{yyyy}'];

function fill(shape, d, iso) {
  const [y, m] = iso.split('-');
  return shape
    .replace('{yyyy}', y)
    .replace('{yy}', y.slice(2))
    .replace('{mm}', m)
    .replace(/\{n(\d+)\}/g, (_, k) => {
      const n = Number(k);
      // keep numbers from starting with 0 where they are long on their own
      return String(d.int(1, 9)) + Array.from({ length: n - 1 }, () => d.int(0, 9)).join('');
    })
    .replace('{letter}', String.fromCharCode(65 + d.int(0, 25)));
}

const TRANSLIT = Object.fromEntries(
  [
    'аa бb вv гg дd еe жzh зz иi йy кk лl мm нn оo пp рr сs тt уu фf хh цts чch шsh щsht ъa ьy юyu яya',
    'αa βv γg δd εe ζz ηi θth ιi κk λl μm νn ξx οo πp ρr σs ςs τt υy φf χch ψps ωo άa έe ήi ίi όo ύy ώo',
  ]
    .join(' ')
    .split(' ')
    .map((p) => [p[0], p.slice(1)]),
);

/** ASCII slug for mail domains and web addresses (Cyrillic and Greek transliterated). */
function slug(s) {
  return [...s.toLowerCase()]
    .map((ch) => TRANSLIT[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '');
}

/** A company name of the country in its language, with its legal form where the country writes one. */
function companyName(d, cd, lex, lang) {
  const surname = d.pick(cd.surnames);
  const trade = d.pick(lex.trades);
  const legal = d.pick(cd.legal);
  const shape = d.int(0, 3);
  let core;
  if (shape === 0) core = `${surname} ${trade}`;
  else if (shape === 1) core = `${surname} & ${d.pick(cd.surnames.filter((s) => s !== surname))}`;
  else if (shape === 2) core = `${trade} ${surname}`;
  else core = `${surname} ${trade}`;
  if (cd.legal_position === 'before') {
    const quoted = lang === 'lt' ? `„${core}“` : `"${core}"`;
    return { name: `${legal} ${quoted}`, core };
  }
  if (lang === 'bg') return { name: `${core} ${legal}`, core };
  const comma = ['fi', 'sv', 'da', 'cs', 'sk'].includes(lang) && d.chance(0.3) ? ',' : '';
  return { name: `${core}${comma} ${legal}`, core };
}

function addressLines(d, cd) {
  const street = d.pick(cd.streets);
  const no = String(d.int(1, 180));
  const [zip, city] = d.pick(cd.cities);
  const line1 = {
    'street-no': `${street} ${no}`,
    'no-street': `${no} ${street}`,
    'street-comma-no': `${street}, ${no}`,
    'street-no-dot': `${street} ${no}.`,
    'street-no-nr': `${street} nr. ${no}`,
    'street-no-nr-bg': `${street} № ${no}`,
  }[cd.address];
  const zipLines = {
    before: [`${zip} ${city}`],
    'after-line': [city, zip],
    'city-comma': [`${zip} ${city}`],
    'city-first': [`${city} ${zip}`],
    'city-comma-zip': [`${city}, ${zip}`],
    'city-zip': [`${city} ${zip}`],
  }[cd.zip];
  return { lines: [line1, ...zipLines], city };
}

/** Digits of a VAT id without its prefix ("DE123456789" -> "123456789"). */
const vatDigits = (v) => v.replace(/^(CHE|[A-Z]{2}U?)/, '');

/** The forms in which invoices print a VAT id. */
function printVatId(d, v) {
  const m = v.match(/^(CHE|[A-Z]{2})(.*)$/);
  const [, prefix, body] = m;
  if (prefix === 'CHE') {
    const b = `${body.slice(0, 3)}.${body.slice(3, 6)}.${body.slice(6)}`;
    return d.pick([`CHE-${b} MWST`, `CHE-${b}`, `CHE-${b} TVA`]);
  }
  if (prefix === 'PL')
    return d.pick([v, `PL ${body.replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, '$1-$2-$3-$4')}`]);
  const forms = [v, v, `${prefix} ${body}`];
  if (/^\d{9}$/.test(body)) forms.push(`${prefix} ${body.replace(/(\d{3})(?=\d)/g, '$1 ')}`);
  return d.pick(forms);
}

function registerLine(d, tpl, ctx) {
  return tpl
    .replace('{city}', ctx.city)
    .replace('{vatdigits}', vatDigits(ctx.vat))
    .replace('{siret}', `${vatDigits(ctx.vat).slice(2)}${fill('{n5}', d, '2026-01-01')}`)
    .replace('{orgnr}', `${vatDigits(ctx.vat).slice(0, 6)}-${vatDigits(ctx.vat).slice(6, 10)}`)
    .replace('{ytunnus}', `${vatDigits(ctx.vat).slice(0, 7)}-${vatDigits(ctx.vat).slice(7)}`)
    .replace('{hutax}', `${vatDigits(ctx.vat)}-2-${d.int(10, 44)}`)
    .replace(/\{n(\d+)\}/g, (_, k) => fill(`{n${k}}`, d, '2026-01-01'))
    .replace('{letter}', String.fromCharCode(97 + d.int(0, 25)));
}

function party(d, country, lang) {
  const cd = countries[country];
  const lex = lexicon[lang];
  const { name, core } = companyName(d, cd, lex, lang);
  const { lines, city } = addressLines(d, cd);
  return { name, core, lines, city, country };
}

/** Finnish/Estonian reference number: digits plus a 7-3-1 check digit. */
function ref731(base) {
  const w = [7, 3, 1];
  let s = 0;
  for (let i = 0; i < base.length; i++) s += Number(base[base.length - 1 - i]) * w[i % 3];
  return `${base}${(10 - (s % 10)) % 10}`;
}

/** Rounds half away from zero (what invoicing programs do). */
const roundHalf = (x) => Math.sign(x) * Math.round(Math.abs(x));

/**
 * Builds an invoice. `d` are seeded draws (scripts/seeded-random.mjs); `opts.country`,
 * `opts.lang`, `opts.credit`, `opts.items` (count) and `opts.rates` (how many VAT rates) steer it.
 */
export function makeInvoice(d, opts) {
  const country = opts.country;
  const cd = countries[country];
  if (!cd) throw new Error(`unknown country ${country}`);
  const lang = opts.lang ?? d.pick(cd.langs);
  const lex = lexicon[lang];
  if (!lex) throw new Error(`no lexicon for language ${lang}`);
  const credit = opts.credit ?? false;
  let currency = cd.currency;
  const year = d.pick([2025, 2026, 2026]);
  const issue = addDays(`${year}-01-01`, d.int(0, 360));
  if (country === 'bg' && issue < '2026-01-01') currency = 'BGN'; // the lev until the euro came in 2026
  const label = (key) => {
    const v = cd.labels?.[lang]?.[key] ?? lex[key];
    return Array.isArray(v) ? d.pick(v) : v;
  };

  // Parties
  const seller = party(d, country, lang);
  seller.vatId = makeVatId(country, d.random);
  seller.vatPrinted = printVatId(d, seller.vatId);
  const [bankName, bic] = d.pick(cd.banks);
  seller.bank = bankName;
  seller.bic = bic;
  seller.iban = makeIban(country, d.random, bic);
  seller.ibanPrinted = groupIban(seller.iban, d.chance(0.8));
  seller.showBic = d.chance(0.7);
  seller.showIban = d.chance(0.93);
  seller.showVat = d.chance(0.95);
  seller.director = d.pick(cd.people);
  seller.phone = fill(cd.phone, d, issue);
  seller.email = `${d.pick(lang === 'de' ? ['info', 'office', 'rechnung', 'buchhaltung'] : ['info', 'office', 'billing', 'mail', 'accounts'])}@${slug(seller.core)}.${cd.tld}`;
  seller.web = `www.${slug(seller.core)}.${cd.tld}`;
  seller.register = (cd.register ?? [])
    .filter(() => d.chance(0.6))
    .map((t) => registerLine(d, t, { city: seller.city, vat: seller.vatId }));
  seller.localPayment = cd.local_payment && d.chance(0.5) ? fill(d.pick(cd.local_payment), d, issue) : null;
  seller.notes = cd.notes && d.chance(0.6) ? cd.notes : [];
  // A reverse-charge invoice goes to a business in another EU country: no VAT, the buyer's VAT id shown.
  const reverse = Boolean(opts.reverse) && !['gb', 'ch'].includes(country) && !credit;
  const buyerCountry = reverse
    ? d.pick(COUNTRIES.filter((c) => c !== country && !['gb', 'ch'].includes(c)))
    : country;
  const buyer = party(d, buyerCountry, lang);
  if (buyer.core === seller.core) buyer.core += ' 2';
  if (reverse) buyer.lines.push(COUNTRY_NAMES[buyerCountry]);
  buyer.showVat = reverse || d.chance(0.5);
  buyer.vatId = makeVatId(buyerCountry, d.random);
  buyer.vatPrinted = printVatId(d, buyer.vatId);
  buyer.attention = d.chance(0.3) ? d.pick(countries[buyerCountry].people) : null;

  // Numbers and dates
  const shape = d.pick(NUMBER_SHAPES[lang]);
  let number = fill(shape, d, issue);
  if (credit) number = `${CREDIT_PREFIX[lang]}-${fill('{yyyy}-{n3}', d, issue)}`;
  // Some programs print the number's dashes as en dashes (the scorer reads any dash as "-").
  if (number.includes('-') && d.chance(0.1)) number = number.replaceAll('-', '–');
  const customerNo = d.chance(0.6) ? fill(d.pick(CUSTOMER_SHAPES), d, issue) : null;
  const orderNo = d.chance(0.45) ? fill(d.pick(ORDER_SHAPES), d, issue) : null;
  const dueDays = d.pick([7, 10, 14, 14, 30, 30, 45, 60]);
  const dueDate = credit ? null : addDays(issue, dueDays);
  // How the due date shows: as a dated label, only in the terms sentence with a date, or only as a number of days (then not a date on the page).
  const dueShow = credit ? 'none' : d.pick(['label', 'label', 'label', 'terms', 'days']);
  const deliveryDate = d.chance(0.45) ? addDays(issue, -d.int(0, 12)) : null;
  let paymentRef = null;
  if (d.chance(0.4) && !credit) {
    const digits = number.replace(/\D/g, '').slice(-10) || String(d.int(1000, 99999));
    if (lang === 'cs' || lang === 'sk') paymentRef = digits;
    else if (lang === 'fi' || lang === 'et') paymentRef = ref731(digits.slice(-8));
    else if (lang === 'sl') paymentRef = `SI00 ${digits}`;
    else if (lang === 'hr') paymentRef = `HR00 ${digits}`;
    else paymentRef = d.chance(0.5) ? `${label('invoice_title')} ${number}` : number;
  }

  // Number and date forms
  const style = d.pick(cd.numbers);
  const whole = cd.whole === true || d.chance(0.06);
  const fmt = {
    style,
    space: d.pick([' ', ' ', '\u00a0', '\u202f']),
    currency: d.pick(['none', 'sign-before', 'sign-after', 'sign-after', 'code-before', 'code-after']),
    whole,
    dash: whole && cd.whole !== true && style === 'dot-comma' && d.chance(0.5),
    percentSpace: d.chance(0.5),
    tight: d.chance(0.5),
  };
  if (lang === 'en' && fmt.currency === 'sign-after') fmt.currency = 'sign-before';
  const dateForm = d.pick(cd.dates);
  const datePattern = dateForm === 'long' ? d.pick(lex.date_long) : dateForm;

  // Items: whole-number invoices price in round units so that every VAT amount is whole too.
  const rates = [...cd.rates];
  const nRates = Math.min(opts.rates ?? 1, rates.length);
  const used = reverse ? [0] : [rates[0], ...rates.slice(1, nRates)];
  const items = [];
  const nItems = opts.items ?? d.int(1, 8);
  const goods = [...lex.goods];
  for (let i = 0; i < nItems; i++) {
    const qty = d.chance(0.15) ? d.int(1, 40) / 4 : d.int(1, 12);
    let price;
    if (whole) price = d.int(1, 40) * (currency === 'HUF' ? 50000 : 10000);
    else price = d.int(500, 250000);
    if (whole && !Number.isInteger(qty)) continue;
    const sign = credit ? -1 : 1;
    const desc = goods.length ? goods.splice(d.int(0, goods.length - 1), 1)[0] : d.pick(lex.goods);
    const rate = used[i % used.length];
    // a second line under some items: the service period (dates that are not the invoice's)
    const from = addDays(issue, -d.int(20, 40));
    const note = d.chance(0.15) ? { from, to: addDays(from, d.int(6, 30)) } : null;
    items.push({
      desc,
      note,
      qty,
      unit: d.pick(lex.units),
      price: sign * price,
      rate,
      net: roundHalf(sign * price * qty),
    });
  }
  if (!items.length)
    items.push({
      desc: lex.goods[0],
      qty: 1,
      unit: lex.units[0],
      price: credit ? -10000 : 10000,
      rate: used[0],
      net: credit ? -10000 : 10000,
    });
  const breakdown = used
    .map((rate) => {
      const base = items.filter((it) => it.rate === rate).reduce((a, it) => a + it.net, 0);
      let tax = roundHalf((base * rate) / 100);
      if (whole) tax = roundHalf(tax / 100) * 100;
      return { rate, base, tax };
    })
    .filter((r) => items.some((it) => it.rate === r.rate));
  const net = breakdown.reduce((a, r) => a + r.base, 0);
  const vat = breakdown.reduce((a, r) => a + r.tax, 0);
  const gross = net + vat;

  // The labels this invoice prints with: one synonym per field, chosen once.
  const labels = {};
  for (const key of [
    'invoice_no',
    'credit_no',
    'invoice_date',
    'due_date',
    'delivery_date',
    'customer_no',
    'order_no',
    'payment_reference',
    'bill_to',
    'seller_heading',
    'attention',
    'seller_vat_id',
    'buyer_vat_id',
    'director',
    'bank',
    'iban',
    'bic',
    'net',
    'vat',
    'vat_total',
    'gross',
    'credit_gross',
    'phone',
    'email',
    'web',
    'currency_note',
  ])
    labels[key] = label(key);
  labels.title = label(credit ? 'credit_title' : 'invoice_title');
  labels.number = credit ? labels.credit_no : labels.invoice_no;
  labels.total = credit ? labels.credit_gross : labels.gross;
  labels.items = Object.fromEntries(Object.entries(lex.items).map(([k, v]) => [k, d.pick(v)]));
  labels.page = label('page');

  return {
    country,
    lang,
    lex,
    credit,
    reverse,
    currency,
    seller,
    buyer,
    number,
    customerNo,
    orderNo,
    paymentRef,
    issue,
    dueDate,
    dueDays,
    dueShow,
    deliveryDate,
    items,
    breakdown,
    net,
    vat,
    gross,
    fmt,
    datePattern,
    labels,
  };
}

/** Helpers bound to one invoice's forms, used by the layout. */
export function printer(inv) {
  return {
    amount: (cents, withCurrency = true) => formatAmount(cents, inv.fmt, inv.currency, withCurrency),
    number: (cents) => formatNumber(cents, inv.fmt),
    date: (iso) => formatDate(iso, inv.datePattern, inv.lex),
  };
}

const decimal = (cents) => (cents / 100).toFixed(2);

/** The corpus's canonical truth keys, in the scorer's order. */
export const TRUTH_FIELDS = [
  'invoice_no',
  'invoice_date',
  'due_date',
  'currency',
  'seller_name',
  'seller_vat_id',
  'seller_iban',
  'seller_bic',
  'buyer_name',
  'net_amount',
  'vat_amount',
  'gross_amount',
];

/**
 * The truth of an invoice, in the corpus's canonical keys (scripts read by ../shared/eval/score.mjs),
 * with `printed`: each field as the page shows it, which the generator's test finds in the text layer.
 */
export function truth(inv) {
  const p = printer(inv);
  const dueOnPage = inv.dueDate && (inv.dueShow === 'label' || inv.dueShow === 'terms');
  const t = {
    invoice_no: inv.number,
    invoice_date: inv.issue,
    due_date: dueOnPage ? inv.dueDate : null,
    currency: inv.currency,
    seller_name: inv.seller.name,
    seller_vat_id: inv.seller.showVat ? inv.seller.vatId : null,
    seller_iban: inv.seller.showIban ? inv.seller.iban : null,
    seller_bic: inv.seller.showIban && inv.seller.showBic ? inv.seller.bic : null,
    buyer_name: inv.buyer.name,
    net_amount: decimal(inv.net),
    vat_amount: decimal(inv.vat),
    gross_amount: decimal(inv.gross),
  };
  const printed = {
    invoice_no: inv.number,
    invoice_date: p.date(inv.issue),
    due_date: t.due_date ? p.date(inv.dueDate) : null,
    seller_name: inv.seller.name,
    seller_vat_id: t.seller_vat_id ? inv.seller.vatPrinted : null,
    seller_iban: t.seller_iban ? inv.seller.ibanPrinted : null,
    seller_bic: t.seller_bic ? inv.seller.bic : null,
    buyer_name: inv.buyer.name,
    net_amount: p.number(inv.net),
    vat_amount: p.number(inv.vat),
    gross_amount: p.number(inv.gross),
  };
  return { truth: t, printed };
}

/** The values printed near the fields that a reader may take by mistake (for scripts/generate/failure-classes.mjs). */
export function traps(inv) {
  return {
    customer_no: inv.customerNo,
    order_no: inv.orderNo,
    payment_reference: inv.paymentRef,
    delivery_date: inv.deliveryDate,
    due_date: inv.dueDate,
    buyer_vat_id: inv.buyer.showVat ? inv.buyer.vatId : null,
    bank: inv.seller.bank,
    director: inv.seller.director,
    attention: inv.buyer.attention,
    seller_lines: inv.seller.lines,
    buyer_lines: inv.buyer.lines,
    item_amounts: inv.items.map((it) => decimal(it.net)),
    vat_bases: inv.breakdown.map((r) => decimal(r.base)),
    vat_taxes: inv.breakdown.map((r) => decimal(r.tax)),
  };
}

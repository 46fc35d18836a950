// Made-up identifiers that pass their real check digits: VAT ids per country (the national
// algorithm where one is published, as packages/engine/src/check/vat-id.ts applies it), IBANs
// (national length, ISO 7064 mod 97) and BICs of ISO 9362 form. Nothing here is a real account.

const digits = (random, n) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const nonZero = (random) => String(1 + Math.floor(random() * 9));
const sum = (s, weights) => weights.reduce((a, w, i) => a + w * Number(s[i]), 0);

/** Luhn check digit for a string of digits. */
function luhnDigit(s) {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    let d = Number(s[s.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return (10 - (total % 10)) % 10;
}

/** ISO 7064 MOD 11,10 check digit (German VAT ids, Croatian OIB). */
function mod11_10(s) {
  let p = 10;
  for (const ch of s) {
    const t = (Number(ch) + p) % 10 || 10;
    p = (2 * t) % 11;
  }
  return (11 - p) % 10;
}

/** ISO 7064 MOD 97-10 remainder of A-Z0-9. */
export function mod97(s) {
  let r = 0;
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    r = c >= 65 ? (r * 100 + c - 55) % 97 : (r * 10 + c - 48) % 97;
  }
  return r;
}

/** Tries a body generator until the check rule gives a digit (some rules reject 10). */
function until(make) {
  for (;;) {
    const v = make();
    if (v) return v;
  }
}

/** One VAT id per country, as the tax office writes it without spaces (prefix included). */
const VAT = {
  de: (r) => {
    const b = nonZero(r) + digits(r, 7);
    return `DE${b}${mod11_10(b)}`;
  },
  at: (r) =>
    until(() => {
      const b = digits(r, 7);
      let s = 0;
      for (let i = 0; i < 7; i++) {
        const v = Number(b[i]) * (i % 2 === 1 ? 2 : 1);
        s += v > 9 ? v - 9 : v;
      }
      return `ATU${b}${(10 - ((s + 4) % 10)) % 10}`;
    }),
  ch: (r) =>
    until(() => {
      const b = digits(r, 8);
      const c = 11 - (sum(b, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
      return c === 10 ? null : `CHE${b}${c === 11 ? 0 : c}`;
    }),
  gb: (r) => {
    const b = nonZero(r) + digits(r, 6);
    const rest = (97 - (sum(b, [8, 7, 6, 5, 4, 3, 2]) % 97)) % 97; // 10*d8 + d9
    return `GB${b}${String(rest).padStart(2, '0')}`;
  },
  ie: (r) => {
    const b = digits(r, 7);
    return `IE${b}${'WABCDEFGHIJKLMNOPQRSTUV'[sum(b, [8, 7, 6, 5, 4, 3, 2]) % 23]}`;
  },
  fr: (r) => {
    const s8 = nonZero(r) + digits(r, 7);
    const siren = s8 + luhnDigit(s8);
    return `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`;
  },
  be: (r) => {
    const b = `0${nonZero(r)}${digits(r, 6)}`;
    return `BE${b}${String(97 - (Number(b) % 97)).padStart(2, '0')}`;
  },
  lu: (r) => {
    const b = nonZero(r) + digits(r, 5);
    return `LU${b}${String(Number(b) % 89).padStart(2, '0')}`;
  },
  it: (r) => {
    const b = `0${digits(r, 9)}`;
    return `IT${b}${luhnDigit(b)}`;
  },
  nl: (r) =>
    until(() => {
      const b = nonZero(r) + digits(r, 7);
      const c = sum(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
      return c === 10 ? null : `NL${b}${c}B0${1 + Math.floor(r() * 3)}`;
    }),
  es: (r) => {
    const b = digits(r, 7);
    return `ES${r() < 0.5 ? 'B' : 'A'}${b}${luhnDigit(b)}`;
  },
  pt: (r) =>
    until(() => {
      const b = String(5 + Math.floor(r() * 2)) + digits(r, 7);
      const c = 11 - (sum(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return `PT${b}${c >= 10 ? 0 : c}`;
    }),
  pl: (r) =>
    until(() => {
      const b = nonZero(r) + digits(r, 8);
      const c = sum(b, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
      return c === 10 ? null : `PL${b}${c}`;
    }),
  cz: (r) =>
    until(() => {
      const b = nonZero(r) + digits(r, 6);
      const c = (11 - (sum(b, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10;
      return `CZ${b}${c}`;
    }),
  sk: (r) => {
    // Slovak ids are divisible by 11.
    const n = BigInt(`2${digits(r, 9)}`);
    return `SK${n - (n % 11n)}`;
  },
  se: (r) => {
    const b = `5${digits(r, 8)}`;
    return `SE${b}${luhnDigit(b)}01`;
  },
  dk: (r) =>
    until(() => {
      const b = nonZero(r) + digits(r, 6);
      const need = (11 - (sum(b, [2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
      return need === 10 ? null : `DK${b}${need}`;
    }),
  fi: (r) =>
    until(() => {
      const b = `${1 + Math.floor(r() * 3)}${digits(r, 6)}`;
      const rest = sum(b, [7, 9, 10, 5, 8, 4, 2]) % 11;
      return rest === 1 ? null : `FI${b}${rest === 0 ? 0 : 11 - rest}`;
    }),
  hu: (r) => {
    const b = nonZero(r) + digits(r, 6);
    return `HU${b}${(10 - (sum(b, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10}`;
  },
  ro: (r) => {
    const b = nonZero(r) + digits(r, 6 + Math.floor(r() * 2));
    const pad = b.padStart(9, '0');
    const c = ((sum(pad, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10;
    return `RO${b}${c}`;
  },
  si: (r) =>
    until(() => {
      const b = nonZero(r) + digits(r, 6);
      const c = 11 - (sum(b, [8, 7, 6, 5, 4, 3, 2]) % 11);
      return c === 10 ? null : `SI${b}${c === 11 ? 0 : c}`;
    }),
  hr: (r) => {
    const b = nonZero(r) + digits(r, 9);
    return `HR${b}${mod11_10(b)}`;
  },
  bg: (r) => {
    const b = `${1 + Math.floor(r() * 2)}${digits(r, 7)}`;
    let c = sum(b, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (c === 10) c = (sum(b, [3, 4, 5, 6, 7, 8, 9, 10]) % 11) % 10;
    return `BG${b}${c}`;
  },
  gr: (r) => {
    const b = `0${digits(r, 7)}`;
    const s = [...b].reduce((a, d, i) => a + Number(d) * 2 ** (8 - i), 0);
    return `EL${b}${(s % 11) % 10}`;
  },
  lt: (r) => {
    const b = `${digits(r, 7)}1`; // legal persons: the eighth digit is 1
    let c = sum(b, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (c === 10) c = (sum(b, [3, 4, 5, 6, 7, 8, 9, 1]) % 11) % 10;
    return `LT${b}${c}`;
  },
  lv: (r) => `LV4${digits(r, 10)}`,
  ee: (r) => {
    const b = `10${digits(r, 6)}`;
    return `EE${b}${(10 - (sum(b, [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10}`;
  },
};

/** A VAT id of `country` (ISO code, lower case) that passes its check digits. */
export function vatId(country, random) {
  const make = VAT[country];
  if (!make) throw new Error(`no VAT id rule for country ${country}`);
  return make(random);
}

/** BBAN shapes: n digits, a letters (upper case), c alphanumerics (digits here). */
const BBAN = {
  de: 'n18',
  at: 'n16',
  ch: 'n17',
  gb: 'bank4 n14',
  ie: 'bank4 n14',
  fr: 'n23',
  be: 'n12',
  lu: 'n16',
  it: 'a1 n22',
  nl: 'bank4 n10',
  es: 'n20',
  pt: 'n21',
  pl: 'n24',
  cz: 'n20',
  sk: 'n20',
  se: 'n20',
  dk: 'n14',
  fi: 'n14',
  hu: 'n24',
  ro: 'bank4 n16',
  si: 'n15',
  hr: 'n17',
  bg: 'bank4 n14',
  gr: 'n23',
  lt: 'n16',
  lv: 'bank4 n13',
  ee: 'n16',
};

/** An IBAN of `country` with valid check digits; `bic` gives the bank code where the BBAN starts with letters. */
export function iban(country, random, bic) {
  const shape = BBAN[country];
  if (!shape) throw new Error(`no IBAN shape for country ${country}`);
  let bban = '';
  for (const part of shape.split(' ')) {
    const n = Number(part.replace(/\D/g, ''));
    if (part.startsWith('bank')) bban += bic.slice(0, 4);
    else if (part.startsWith('a')) bban += String.fromCharCode(65 + Math.floor(random() * 26));
    else bban += digits(random, n);
  }
  if (country === 'be')
    bban = bban.slice(0, 10) + String(Number(bban.slice(0, 10)) % 97 || 97).padStart(2, '0');
  const cc = country === 'gr' ? 'GR' : country.toUpperCase();
  const check = 98 - mod97(`${bban}${cc}00`);
  return `${cc}${String(check).padStart(2, '0')}${bban}`;
}

/** An IBAN printed in groups of four (the usual form), or as one run. */
export function groupIban(value, grouped) {
  return grouped ? value.replace(/(.{4})(?=.)/g, '$1 ') : value;
}

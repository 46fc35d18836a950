// IBAN plausibility check (ISO 13616): country, national length, character shape and the
// ISO 7064 MOD 97-10 checksum. It says nothing about whether the account exists; it only
// catches typos and OCR errors in an IBAN read from an invoice.

export type IbanReason = 'format' | 'country' | 'length' | 'checksum';

export interface IbanCheck {
  ok: boolean;
  reason?: IbanReason;
  /** The normalised IBAN (upper case, no spaces or dashes). */
  iban: string;
}

// Total IBAN length per country code, from the SWIFT IBAN Registry (all 89 country codes
// of the 2024/2025 releases, incl. RU, HN, OM, YE). Territories that use another country's prefix (e.g. French overseas
// departments use FR, Åland uses FI, Jersey/Guernsey/Isle of Man use GB) are not listed.
// biome-ignore format: compact table, ten countries per line in alphabetical order
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27,
  BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28,
  EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23,
  GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26,
  IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21,
  LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22,
  RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25,
  SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** The IBAN length of a country, when it has IBANs. */
export function ibanLength(country: string): number | undefined {
  return IBAN_LENGTHS[country];
}

/** Upper-cases and removes the spaces/dashes used when IBANs are printed in groups of four. */
export function normalizeIban(s: string): string {
  return s.toUpperCase().replace(/[\s-]+/g, '');
}

/** ISO 7064 MOD 97-10 remainder of a string of A-Z0-9, letters counting as 10..35. */
export function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    // Letters expand to two digits, so fold them in with a factor of 100.
    rest = code >= 65 ? (rest * 100 + code - 55) % 97 : (rest * 10 + code - 48) % 97;
  }
  return rest;
}

export function checkIban(s: string): IbanCheck {
  const iban = normalizeIban(s);
  // Country letters, two check digits, then the BBAN which is always A-Z0-9.
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return { ok: false, reason: 'format', iban };
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return { ok: false, reason: 'country', iban };
  if (iban.length !== length) return { ok: false, reason: 'length', iban };
  // Check digits are always 02..98; 00, 01 and 99 would alias 97, 98 and 02 under mod 97.
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98) return { ok: false, reason: 'checksum', iban };
  // Move country + check digits to the end; a valid IBAN then leaves remainder 1.
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) return { ok: false, reason: 'checksum', iban };
  return { ok: true, iban };
}

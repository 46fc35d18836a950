// BIC / SWIFT code shape check (ISO 9362): 4-char party prefix, ISO 3166 country code,
// 2-char location and optional 3-char branch. BICs have no check digit, so this is the
// most that can be verified offline; it catches misreads like a digit in the country.

export interface BicCheck {
  ok: boolean;
  reason?: 'format' | 'country';
  /** The normalised BIC (upper case, no spaces). */
  bic: string;
}

// ISO 3166-1 alpha-2 (all 249 officially assigned codes) plus XK (Kosovo), which SWIFT
// uses although it is only a user-assigned code.
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
    'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
    'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
    'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
    'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
    'VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
);

export function isCountryCode(code: string): boolean {
  return COUNTRIES.has(code);
}

export function checkBic(s: string): BicCheck {
  const bic = s.toUpperCase().replace(/\s+/g, '');
  // Since ISO 9362:2014 the party prefix may contain digits; in practice it is letters.
  if (!/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    return { ok: false, reason: 'format', bic };
  }
  if (!COUNTRIES.has(bic.slice(4, 6))) return { ok: false, reason: 'country', bic };
  return { ok: true, bic };
}

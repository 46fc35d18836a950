// Swico S1 billing information (`//S1/10/…/11/…`), the structured syntax most QR-bills carry in
// their StrdBkgInf element. It is advisory data: a malformed element becomes a warning and is
// left out, never a reason to reject the payment part that carries it.

import { parseDecimal } from '../decimal.js';

export interface SwicoDates {
  /** ISO date. */
  start: string;
  /** ISO date closing a period, when two dates were given. */
  end?: string;
}

export interface SwicoRate {
  /** Percent, as a decimal string (`7.7`). */
  rate: string;
  /** The amount paired with the rate: for /32/ the net amount it applies to. */
  amount?: string;
}

export interface SwicoCondition {
  /** Discount in percent; `0` is the net due date. */
  discount: string;
  days: number;
}

export interface SwicoBilling {
  invoiceNumber?: string;
  invoiceDate?: SwicoDates;
  customerReference?: string;
  /** The creditor's UID as `CHE` + 9 digits (separators and MWST/TVA/IVA suffix removed). */
  vatNumber?: string;
  vatDate?: SwicoDates;
  /** /32/: one rate for the whole amount, or rate:net amount pairs. */
  vatDetails?: SwicoRate[];
  /** /33/: VAT on imports, rate:amount pairs. */
  vatImportTax?: SwicoRate[];
  paymentConditions?: SwicoCondition[];
}

/** Splits on `/` while honouring the S1 escapes `\/` and `\\`. */
function tokens(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\' && (s[i + 1] === '/' || s[i + 1] === '\\')) {
      cur += s[++i];
    } else if (ch === '/') {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

function yymmdd(s: string): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return undefined;
  // S1 dates have two-digit years; the syntax dates from 2018, so they are all 20xx.
  const [y, mo, d] = [2000 + Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${y}-${m[2]}-${m[3]}`;
}

function dates(s: string): SwicoDates | undefined {
  if (s.length === 6) {
    const start = yymmdd(s);
    return start ? { start } : undefined;
  }
  if (s.length !== 12) return undefined;
  const start = yymmdd(s.slice(0, 6));
  const end = yymmdd(s.slice(6));
  return start && end ? { start, end } : undefined;
}

const plainDecimal = (s: string): string | undefined =>
  /^\d+(\.\d+)?$/.test(s) ? parseDecimal(s) : undefined;

/** `7.7` (a single rate) or `8:1000;2.5:51.8`; undefined when any part is malformed. */
function rates(s: string, pairsOnly: boolean): SwicoRate[] | undefined {
  if (!s.includes(':')) {
    const rate = plainDecimal(s);
    return rate !== undefined && !pairsOnly ? [{ rate }] : undefined;
  }
  const out: SwicoRate[] = [];
  for (const part of s.split(';')) {
    const [r = '', a = '', extra] = part.split(':');
    const rate = plainDecimal(r);
    const amount = plainDecimal(a);
    if (rate === undefined || amount === undefined || extra !== undefined) return undefined;
    out.push({ rate, amount });
  }
  return out;
}

function conditions(s: string): SwicoCondition[] | undefined {
  const out: SwicoCondition[] = [];
  for (const part of s.split(';')) {
    const m = /^(\d+(?:\.\d+)?):(\d+)$/.exec(part);
    if (!m) return undefined;
    out.push({ discount: parseDecimal(m[1])!, days: Number(m[2]) });
  }
  return out;
}

/** UID as printed (`CHE-123.456.789 MWST`) or bare (`123456789`) to `CHE123456789`. */
function uid(s: string): string | undefined {
  const bare = s
    .toUpperCase()
    .replace(/\s*(MWST|TVA|IVA|VAT)$/, '')
    .replace(/^CHE/, '')
    .replace(/[-.\s]/g, '');
  return /^\d{9}$/.test(bare) ? `CHE${bare}` : undefined;
}

// One entry per S1 tag; `parse` returns undefined when the value does not have the tag's syntax.
const TAGS: Record<string, { name: string; key: keyof SwicoBilling; parse: (v: string) => unknown }> = {
  '10': { name: 'invoice number', key: 'invoiceNumber', parse: (v) => v || undefined },
  '11': { name: 'invoice date', key: 'invoiceDate', parse: dates },
  '20': { name: 'customer reference', key: 'customerReference', parse: (v) => v || undefined },
  '30': { name: 'VAT number', key: 'vatNumber', parse: uid },
  '31': { name: 'VAT date', key: 'vatDate', parse: dates },
  '32': { name: 'VAT details', key: 'vatDetails', parse: (v) => rates(v, false) },
  '33': { name: 'VAT import tax', key: 'vatImportTax', parse: (v) => rates(v, true) },
  '40': { name: 'payment conditions', key: 'paymentConditions', parse: conditions },
};

/**
 * Parses `//S1/…` billing information; undefined for any other syntax (the raw text is kept by
 * the caller). Problems are appended to `warnings` and the offending element is dropped.
 */
export function parseSwicoS1(raw: string, warnings: string[]): SwicoBilling | undefined {
  if (!raw.startsWith('//S1/')) return undefined;
  const parts = tokens(raw.slice('//S1/'.length));
  const billing: SwicoBilling = {};
  const seen = new Set<string>();
  if (parts.length % 2 !== 0) warnings.push('billing information: the last S1 tag has no value');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const tag = parts[i]!;
    const value = parts[i + 1]!;
    const entry = TAGS[tag];
    if (!entry) {
      warnings.push(`billing information: unknown S1 tag /${tag}/ ignored`);
    } else if (seen.has(tag)) {
      warnings.push(`billing information: repeated S1 tag /${tag}/ ignored`);
    } else {
      const parsed = entry.parse(value);
      if (parsed === undefined) {
        warnings.push(`billing information: /${tag}/ ${entry.name} "${value}" is not valid S1 syntax`);
      } else {
        (billing as Record<string, unknown>)[entry.key] = parsed;
      }
    }
    seen.add(tag);
  }
  if (billing.invoiceDate?.end) {
    warnings.push('billing information: /11/ carries two dates; the first is taken as the invoice date');
  }
  return billing;
}

// What a person types into a date or amount field, in the way their language writes it, turned
// into the machine form the service takes (dates YYYY-MM-DD, amounts 1234.50) before it is sent.
// Nothing is guessed: an input that could mean two things, or none, is refused with the form
// expected (`review.invalid.*` in the texts). The ISO forms are taken in every language.

/** How a language writes a day and a number (the review screen's languages; others as English). */
interface InputForm {
  /** The separator of a typed date, written day, month, year. */
  dateSep: string;
  decimal: ',' | '.';
  /** Characters that group thousands. */
  groups: string[];
}

const SPACES = [' ', '\u00a0', '\u202f'];
const FORMS: Record<string, InputForm> = {
  de: { dateSep: '.', decimal: ',', groups: ['.', ...SPACES] },
  ru: { dateSep: '.', decimal: ',', groups: ['.', ...SPACES] },
  it: { dateSep: '/', decimal: ',', groups: ['.', ...SPACES] },
  // English as en-GB writes it: the day first (the texts say "DD/MM/YYYY").
  en: { dateSep: '/', decimal: '.', groups: [','] },
};

export function inputFormOf(locale: string): InputForm {
  return FORMS[locale.slice(0, 2).toLowerCase()] ?? FORMS.en!;
}

/** A typed value as the service takes it, or why not (`kind` names the expected form). */
export type Parsed = { ok: true; value: string } | { ok: false; kind: 'date' | 'amount' };

/** Which fields are dates and amounts (the engine's keys). */
export const isDateField = (key: string): boolean => key.endsWith('_date');
export const isAmountField = (key: string): boolean => key.endsWith('_amount');

const pad = (n: number) => String(n).padStart(2, '0');

function realDay(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1000 || y > 9999) return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** `05.03.2020` (de, ru), `05/03/2020` (it, en) or `2020-03-05` → `2020-03-05`. */
export function parseDateInput(raw: string, locale: string): Parsed {
  const s = raw.trim();
  const bad: Parsed = { ok: false, kind: 'date' };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) {
    const v = realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return v ? { ok: true, value: v } : bad;
  }
  const form = inputFormOf(locale);
  const sep = form.dateSep === '.' ? '\\.' : '/';
  // A four-digit year only: "05.03.20" could be 1920 or 2020.
  const m = new RegExp(`^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4})$`).exec(s);
  if (!m) return bad;
  const v = realDay(Number(m[3]), Number(m[2]), Number(m[1]));
  return v ? { ok: true, value: v } : bad;
}

const MACHINE_AMOUNT = /^-?\d{1,15}\.\d{2}$/;

/**
 * `1.234,50` / `1 234,50` (de, ru, it), `1,234.50` (en), `235,62 €` or `1234.50` → `1234.50`.
 * A single group mark with no decimals (`1.234` in German, `1,234` in English) is refused: it
 * reads as a thousand or as a fraction depending on who typed it.
 */
export function parseAmountInput(raw: string, locale: string): Parsed {
  const bad: Parsed = { ok: false, kind: 'amount' };
  // A currency sign or code pasted with the amount (as the screen shows it) is left out.
  let s = raw
    .trim()
    .replace(/^(?:[A-Z]{3}|[€$£₽])\s*/u, '')
    .replace(/\s*(?:[A-Z]{3}|[€$£₽])$/u, '')
    .replace(/^[−–]/, '-');
  if (MACHINE_AMOUNT.test(s)) return { ok: true, value: s };
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  const form = inputFormOf(locale);
  const cut = s.lastIndexOf(form.decimal);
  const whole = cut < 0 ? s : s.slice(0, cut);
  const fraction = cut < 0 ? '' : s.slice(cut + 1);
  if (cut >= 0 && !/^\d{1,2}$/.test(fraction)) return bad;
  let digits: string;
  if (/^\d+$/.test(whole)) digits = whole;
  else {
    // Grouped thousands: one kind of mark, groups of three.
    const mark = form.groups.find((g) => whole.includes(g));
    if (!mark) return bad;
    const parts = whole.split(mark);
    if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1).some((p) => !/^\d{3}$/.test(p))) return bad;
    if (parts.length === 2 && cut < 0) return bad;
    digits = parts.join('');
  }
  digits = digits.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return bad;
  return { ok: true, value: `${negative ? '-' : ''}${digits}.${fraction.padEnd(2, '0')}` };
}

/** A field's typed value in machine form: dates and amounts parsed, anything else as typed. */
export function parseFieldInput(key: string, raw: string, locale: string): Parsed {
  if (isDateField(key)) return parseDateInput(raw, locale);
  if (isAmountField(key)) return parseAmountInput(raw, locale);
  return { ok: true, value: raw.trim() };
}

// Why a field needs a person: its status and flag codes turned into i18n keys, so the review
// screen says the reason in words (de, en, ru, it) rather than showing machine codes.
import type { FieldDetail } from './data.js';

export const KNOWN_FLAGS = [
  'sum_mismatch',
  'iban_checksum',
  'iban_format',
  'not_an_iban',
  'bic_format',
  'vat_id_checksum',
  'vat_id_format',
  'date_implausible',
  'inn_checksum',
  'kpp_format',
  'bik_format',
  'account_checksum',
  'conflicting_candidates',
  'low_confidence',
] as const;

/** The i18n key of a flag's sentence; an unknown code falls back to a general sentence. */
export function flagKey(code: string): string {
  return (KNOWN_FLAGS as readonly string[]).includes(code) ? `flag.${code}` : 'flag.unknown';
}

/** The i18n keys of every reason a field needs looking at; empty for a confirmed one. */
export function reasonKeys(field: Pick<FieldDetail, 'status' | 'flags'>): string[] {
  if (field.status === 'confirmed') return [];
  if (field.status === 'missing') return ['status.missing_reason'];
  const keys = field.flags.map(flagKey);
  if (field.status === 'unconfirmed' && !field.flags.includes('low_confidence'))
    keys.push('flag.low_confidence');
  if (!keys.length) keys.push('flag.unknown');
  return [...new Set(keys)];
}

/** Whether a person should look at the field before its value is used. */
export const needsAttention = (f: Pick<FieldDetail, 'status'>): boolean =>
  f.status === 'flagged' || f.status === 'unconfirmed';

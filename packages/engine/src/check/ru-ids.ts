// Russian payment identifiers found on invoices (счёт): INN and KPP of the parties, the
// bank's BIK and the 20-digit accounts. INN and accounts carry control digits (Tax Code
// and Bank of Russia rules); KPP and BIK are checked for shape only.

import { weightedSum } from './digits.js';

export interface RuIdCheck {
  ok: boolean;
  reason?: 'format' | 'checksum';
}

// Fresh objects each time so a caller mutating a result cannot affect later calls.
const FORMAT = (): RuIdCheck => ({ ok: false, reason: 'format' });
const byChecksum = (valid: boolean): RuIdCheck => (valid ? { ok: true } : { ok: false, reason: 'checksum' });
const byFormat = (valid: boolean): RuIdCheck => (valid ? { ok: true } : FORMAT());

const compact = (s: string): string => s.replace(/\s+/g, '');

/** INN control digit: weighted sum mod 11, then mod 10 (so remainder 10 gives 0). */
function innDigit(digits: string, weights: readonly number[]): number {
  return (weightedSum(digits, weights) % 11) % 10;
}

/** INN: 10 digits for organisations (one control digit), 12 for individuals (two). */
export function checkInn(s: string): RuIdCheck {
  const inn = compact(s);
  if (/^\d{10}$/.test(inn)) {
    return byChecksum(innDigit(inn, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[9]));
  }
  if (/^\d{12}$/.test(inn)) {
    const ok =
      innDigit(inn, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[10]) &&
      innDigit(inn, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(inn[11]);
    return byChecksum(ok);
  }
  return FORMAT();
}

/** KPP: tax office (4 digits), reason code (2 digits or capital Latin letters), serial (3 digits). */
export function checkKpp(s: string): RuIdCheck {
  return byFormat(/^\d{4}[0-9A-Z]{2}\d{3}$/.test(compact(s)));
}

/** BIK of a Russian bank: 9 digits, starting with the country code 04. No control digit. */
export function checkBik(s: string): RuIdCheck {
  return byFormat(/^04\d{7}$/.test(compact(s)));
}

/** Bank of Russia control key: weights 7,1,3 repeated over 3 + 20 digits, sum mod 10 == 0. */
const KEY_WEIGHTS = Array.from({ length: 23 }, (_, i) => [7, 1, 3][i % 3]!);

function keyValid(prefix3: string, account: string): boolean {
  return weightedSum(prefix3 + account, KEY_WEIGHTS) % 10 === 0;
}

/** Account held at a credit institution (р/с): key over last 3 BIK digits + the 20-digit account. */
export function checkRuAccount(account: string, bik: string): RuIdCheck {
  const acc = compact(account);
  const b = compact(bik);
  if (!/^\d{20}$/.test(acc) || !/^\d{9}$/.test(b)) return FORMAT();
  return byChecksum(keyValid(b.slice(6), acc));
}

/**
 * Correspondent account (к/с, 30101…) of a bank, held at the Bank of Russia: there the key uses
 * "0" + BIK digits 5-6 instead of the last three BIK digits, so checkRuAccount would reject it.
 */
export function checkRuCorrAccount(account: string, bik: string): RuIdCheck {
  const acc = compact(account);
  const b = compact(bik);
  if (!/^\d{20}$/.test(acc) || !/^\d{9}$/.test(b)) return FORMAT();
  return byChecksum(keyValid('0' + b.slice(4, 6), acc));
}

// The BIC of the bank a German IBAN belongs to, from the Bundesbank's bank code file (the
// bankdata-germany package, loaded on first use): the page's own evidence that settles a BIC
// OCR read with O for 0 or I for 1, since a BIC has no check digit of its own.
import { createRequire } from 'node:module';

type BankData = { bankDataByIBAN: (iban: string) => { bic?: string } | null | undefined };
let bankData: BankData | undefined;

/** The Bundesbank's entry for a German IBAN's bank code, if it lists the code. */
function germanBank(iban: string) {
  if (!/^DE\d{20}$/.test(iban)) return undefined;
  bankData ??= createRequire(import.meta.url)('bankdata-germany') as BankData;
  return bankData.bankDataByIBAN(iban) ?? undefined;
}

/** The BIC the Bundesbank lists for a German IBAN's bank code, if it lists one. */
export function bankBic(iban: string): string | undefined {
  return germanBank(iban)?.bic || undefined;
}

/** Whether a German IBAN's bank code is one the Bundesbank lists (about 3,500 of 10^8 codes). */
export function knownGermanBank(iban: string): boolean {
  return !!germanBank(iban);
}

/**
 * The BIC as the bank of `iban` has it, when `read` is that BIC but for OCR's O/0 and I/1
 * confusions (in the length printed: 8 characters, or 11 with the branch code); else undefined.
 */
export function bicOfIbanBank(read: string, iban: string): string | undefined {
  const listed = bankBic(iban);
  if (!listed) return undefined;
  const fold = (bic: string) => eleven(bic).replace(/O/g, '0').replace(/I/g, '1');
  if (fold(read) !== fold(listed)) return undefined;
  return eleven(listed).slice(0, read.length);
}

/** A BIC in its 11-character form (the branch code "XXX" of an 8-character one written out). */
const eleven = (bic: string) => (bic.length === 8 ? `${bic}XXX` : bic);

/**
 * Whether `bic` names the bank that keeps `iban` (its checksum holding): the IBAN's country, and
 * the bank code the IBAN carries in letters where its country's has them ("LV96RIKO…" and
 * RIKOLV2X, "NL91ABNA…" and ABNANL2A), or the BIC the Bundesbank lists for a German IBAN's bank
 * code. An unlabelled BIC-shaped word beside an IBAN is the account's BIC only then.
 */
export function isIbanBanksBic(bic: string, iban: string): boolean {
  if (!iban || bic.slice(4, 6) !== iban.slice(0, 2)) return false;
  if (/^[A-Z]{4}$/.test(iban.slice(4, 8))) return bic.slice(0, 4) === iban.slice(4, 8);
  const listed = bankBic(iban);
  return !!listed && eleven(bic) === eleven(listed);
}

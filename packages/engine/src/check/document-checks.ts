// Runs every check that applies to a Document, whatever reader produced it: identifiers
// (IBAN, BIC, VAT ids, Russian INN/KPP/BIK/account), dates, and the arithmetic of the totals.
import type { Document, Party } from '../document.js';
import { checkBic } from './bic.js';
import type { Check } from './check.js';
import { checkDates } from './dates.js';
import { checkIban } from './iban.js';
import { checkBik, checkInn, checkKpp, checkRuAccount } from './ru-ids.js';
import { checkSums } from './sums.js';
import { checkVatId } from './vat-id.js';

export function runChecks(doc: Document, today?: string): Check[] {
  const out: Check[] = [];
  doc.payment.accounts.forEach((acc, i) => {
    const p = `payment.accounts.${i}`;
    if (acc.iban) {
      const r = checkIban(acc.iban);
      out.push(
        outcome(
          'iban',
          [`${p}.iban`],
          { iban: acc.iban },
          r.ok,
          r.reason === 'checksum' ? 'iban_checksum' : 'iban_format',
          r.reason,
        ),
      );
    }
    if (acc.bic) {
      const r = checkBic(acc.bic);
      out.push(outcome('bic', [`${p}.bic`], { bic: acc.bic }, r.ok, 'bic_format', r.reason));
    }
    if (acc.bik) {
      const r = checkBik(acc.bik);
      out.push(outcome('bik', [`${p}.bik`], { bik: acc.bik }, r.ok, 'bik_format', r.reason));
      if (acc.account) {
        const a = checkRuAccount(acc.account, acc.bik);
        out.push(
          outcome(
            'ru_account',
            [`${p}.account`],
            { account: acc.account, bik: acc.bik },
            a.ok,
            'account_checksum',
            a.reason,
          ),
        );
      }
    }
  });
  for (const role of ['seller', 'buyer'] as const) partyChecks(out, role, doc[role]);
  if (doc.issue_date || doc.due_date) {
    const r = checkDates({ issueDate: doc.issue_date, dueDate: doc.due_date, today });
    const paths = r.reason === 'due_before_issue' ? ['due_date'] : ['issue_date'];
    out.push(
      outcome(
        'dates',
        r.ok ? ['issue_date', 'due_date'].filter((k) => doc[k as 'issue_date']) : paths,
        { issue_date: doc.issue_date ?? '', due_date: doc.due_date ?? '' },
        r.ok,
        'date_implausible',
        r.reason,
      ),
    );
  }
  out.push(...checkSums(doc));
  return out;
}

function partyChecks(out: Check[], role: 'seller' | 'buyer', party: Party): void {
  if (party.vat_id) {
    const r = checkVatId(party.vat_id);
    // A prefix we have no rule for is not evidence of a wrong id: nothing is reported.
    if (r.reason !== 'country') {
      const flag = r.reason === 'checksum' ? 'vat_id_checksum' : 'vat_id_format';
      out.push(outcome('vat_id', [`${role}.vat_id`], { vat_id: party.vat_id }, r.ok, flag, r.reason));
    }
  }
  if (party.inn) {
    const r = checkInn(party.inn);
    out.push(outcome('inn', [`${role}.inn`], { inn: party.inn }, r.ok, 'inn_checksum', r.reason));
  }
  if (party.kpp) {
    const r = checkKpp(party.kpp);
    out.push(outcome('kpp', [`${role}.kpp`], { kpp: party.kpp }, r.ok, 'kpp_format', r.reason));
  }
}

function outcome(
  id: string,
  paths: string[],
  inputs: Record<string, string>,
  ok: boolean,
  flag: string,
  reason?: string,
): Check {
  return ok
    ? { id, outcome: 'pass', paths, inputs }
    : { id, outcome: 'fail', flag, paths, inputs, ...(reason ? { message: reason } : {}) };
}

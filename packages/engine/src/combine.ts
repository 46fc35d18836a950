// Joins what a payment QR code says with what the page text says. For payment fields (account,
// amount, reference) the QR code wins, being machine-written; the text fills everything else.
// Each payment field both carry becomes a check: agreement confirms, disagreement is flagged.
import type { Check } from './check/check.js';
import { toUnits } from './decimal.js';
import type { Document } from './document.js';

export function combineQrAndText(
  qr: Document,
  text: Document | undefined,
): { document: Document; checks: Check[] } {
  if (!text) return { document: qr, checks: [] };
  const d: Document = structuredClone(text);
  d.syntax = `${qr.syntax}+text`;
  const checks: Check[] = [];
  const take = (path: string, value: string | undefined) => {
    if (value === undefined) return;
    d.provenance[path] = qr.provenance[path]!;
  };

  // Payment: the QR account becomes the first account; a different IBAN in the text is a conflict.
  const qrAcc = qr.payment.accounts[0];
  const textIban = text.payment.accounts[0]?.iban;
  if (qrAcc) {
    if (textIban) checks.push(agree('qr.iban', 'payment.accounts.0.iban', qrAcc.iban ?? '', textIban));
    d.payment.accounts = [qrAcc, ...text.payment.accounts.filter((a) => a.iban !== qrAcc.iban)];
    for (const [k, v] of Object.entries(qrAcc)) take(`payment.accounts.0.${k}`, v as string);
  }
  if (qr.payment.reference) {
    if (text.payment.reference) {
      checks.push(agree('qr.reference', 'payment.reference', qr.payment.reference, text.payment.reference));
    }
    d.payment.reference = qr.payment.reference;
    take('payment.reference', qr.payment.reference);
  }
  if (qr.currency) {
    d.currency = qr.currency;
    take('currency', qr.currency);
  }
  const amount = qr.totals.payable;
  if (amount) {
    const stated = text.totals.payable ?? text.totals.gross;
    if (stated)
      checks.push(
        sameAmount('qr.amount', text.totals.payable ? 'totals.payable' : 'totals.gross', amount, stated),
      );
    d.totals.payable = amount;
    take('totals.payable', amount);
    // An amount the QR code confirms is as sure as the code itself.
    if (stated && toUnits(stated) === toUnits(amount)) {
      const p = text.totals.payable ? 'totals.payable' : 'totals.gross';
      if (p === 'totals.gross' && d.provenance[p])
        d.provenance[p] = { ...d.provenance[p]!, confidence: 0.99 };
    }
  }
  // Everything else the text did not find, the QR code may still know (billing information).
  for (const path of ['number', 'issue_date', 'due_date'] as const) {
    if (!d[path] && qr[path]) {
      d[path] = qr[path];
      take(path, qr[path]);
    }
  }
  for (const role of ['seller', 'buyer'] as const) {
    for (const k of ['name', 'vat_id'] as const) {
      const v = qr[role][k];
      if (!d[role][k] && v) {
        d[role][k] = v;
        take(`${role}.${k}`, v);
      }
    }
    if (!d[role].address && qr[role].address) {
      d[role].address = qr[role].address;
      for (const [p, v] of Object.entries(qr.provenance))
        if (p.startsWith(`${role}.address`)) d.provenance[p] = v;
    }
  }
  if (!d.totals.gross && qr.totals.gross) {
    d.totals.gross = qr.totals.gross;
    take('totals.gross', qr.totals.gross);
  }
  return { document: d, checks };
}

function agree(id: string, path: string, qr: string, text: string): Check {
  const norm = (s: string) => s.replace(/\s+/g, '').toUpperCase();
  const ok = norm(qr) === norm(text);
  return {
    id,
    outcome: ok ? 'pass' : 'fail',
    ...(ok ? {} : { flag: 'conflicting_candidates', message: 'the QR code and the page text disagree' }),
    paths: [path],
    inputs: { qr, text },
  };
}

function sameAmount(id: string, path: string, qr: string, text: string): Check {
  const ok = toUnits(qr) === toUnits(text);
  return {
    id,
    outcome: ok ? 'pass' : 'fail',
    ...(ok
      ? {}
      : { flag: 'conflicting_candidates', message: 'the QR amount differs from the amount on the page' }),
    paths: [path],
    inputs: { qr, text },
  };
}

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
    const from = qr.provenance[path];
    if (value !== undefined && from) d.provenance[path] = from;
  };

  // Payment: the QR account becomes the first account; a different IBAN in the text is a conflict.
  const qrAcc = qr.payment.accounts[0];
  const textIban = text.payment.accounts[0]?.iban;
  if (qrAcc) {
    if (textIban) checks.push(agree('qr.iban', 'payment.accounts.0.iban', qrAcc.iban ?? '', textIban));
    // The text's account with the same IBAN adds what the code lacks (a BIC); the others follow,
    // each keeping the provenance of its own values under its new position.
    const same = text.payment.accounts.findIndex((a) => a.iban === qrAcc.iban);
    const others = text.payment.accounts.map((a, i) => ({ a, i })).filter(({ i }) => i !== same);
    for (const key of Object.keys(d.provenance))
      if (key.startsWith('payment.accounts.')) delete d.provenance[key];
    const moved = (from: number, to: number) => {
      for (const [key, p] of Object.entries(text.provenance)) {
        const prefix = `payment.accounts.${from}.`;
        if (key.startsWith(prefix)) d.provenance[`payment.accounts.${to}.${key.slice(prefix.length)}`] = p;
      }
    };
    if (same >= 0) moved(same, 0);
    for (const [n, { i }] of others.entries()) moved(i, n + 1);
    d.payment.accounts = [
      { ...(same >= 0 ? text.payment.accounts[same] : {}), ...qrAcc },
      ...others.map(({ a }) => a),
    ];
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

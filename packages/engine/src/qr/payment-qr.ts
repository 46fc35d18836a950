// One entry for any payment QR text: tells a Swiss QR-bill (`SPC`) from an EPC SEPA credit
// transfer code (`BCD`) and returns the Document either maps to. Anything else is not ours:
// a QR code on an invoice may as well hold a URL or a vCard.

import type { Document } from '../document.js';
import { epcQrDocument, parseEpcQr } from './epc.js';
import type { QrLocation } from './payment-qr-shared.js';
import { parseSwissQr, swissQrDocument } from './swiss.js';

export type { QrLocation } from './payment-qr-shared.js';

export type PaymentQrKind = 'swiss' | 'epc';

export type PaymentQrResult =
  | { ok: true; kind: PaymentQrKind; document: Document; warnings: string[] }
  | { ok: false; kind?: PaymentQrKind; error: string; message: string };

/** Reads a decoded QR text as a payment code; never throws for bad input. */
export function readPaymentQr(text: string, where?: QrLocation): PaymentQrResult {
  const body = text.replace(/^\uFEFF/, '');
  if (body.startsWith('SPC')) {
    const r = parseSwissQr(body);
    if (!r.ok) return { ok: false, kind: 'swiss', error: r.error, message: r.message };
    return { ok: true, kind: 'swiss', document: swissQrDocument(r.bill, where), warnings: r.warnings };
  }
  if (body.startsWith('BCD')) {
    const r = parseEpcQr(body);
    if (!r.ok) return { ok: false, kind: 'epc', error: r.error, message: r.message };
    return { ok: true, kind: 'epc', document: epcQrDocument(r.payment, where), warnings: r.warnings };
  }
  return {
    ok: false,
    error: 'not_a_payment_qr',
    message: 'the QR text is neither a Swiss QR-bill (SPC) nor an EPC credit transfer (BCD)',
  };
}

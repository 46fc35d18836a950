// Reads the payment QR code (Swiss QR-bill or EPC/GiroCode) among the codes found on a file's
// pages: the first valid one wins. A page may also carry URL or vCard codes; those are not
// errors. An invalid payment payload is reported if nothing else reads.
import type { QrCode } from './detect.js';
import { type PaymentQrResult, readPaymentQr } from './payment-qr.js';

export interface QrScan {
  /** The first valid payment code, if any. */
  found?: Extract<PaymentQrResult, { ok: true }> & { page: number };
  /** Payment codes that were found but did not validate (first one first). */
  invalid: Array<Extract<PaymentQrResult, { ok: false }>>;
  codes: number;
}

export function paymentQrOf(codes: QrCode[]): QrScan {
  const scan: QrScan = { invalid: [], codes: codes.length };
  for (const code of codes) {
    const r = readPaymentQr(code.text, { page: code.page, bbox: code.bbox });
    if (r.ok) {
      scan.found = { ...r, page: code.page };
      return scan;
    }
    if (r.kind) scan.invalid.push(r);
  }
  return scan;
}

// Finds the payment QR code (Swiss QR-bill or EPC/GiroCode) on page rasters: detects every code,
// reads each as a payment payload, and keeps the first valid one. A page may also carry URL or
// vCard codes; those are not errors. An invalid payment payload is reported if nothing else reads.
import type { Raster } from '../image/load.js';
import { detectQrCodes } from './detect.js';
import { type PaymentQrResult, readPaymentQr } from './payment-qr.js';

export interface QrScan {
  /** The first valid payment code, if any. */
  found?: Extract<PaymentQrResult, { ok: true }> & { page: number };
  /** Payment codes that were found but did not validate (first one first). */
  invalid: Array<Extract<PaymentQrResult, { ok: false }>>;
  codes: number;
}

export function scanRaster(raster: Raster, page: number, into: QrScan = { invalid: [], codes: 0 }): QrScan {
  if (into.found) return into;
  for (const code of detectQrCodes(raster, page)) {
    into.codes++;
    const r = readPaymentQr(code.text, { page, bbox: code.bbox });
    if (r.ok) {
      into.found = { ...r, page };
      return into;
    }
    if (r.kind) into.invalid.push(r);
  }
  return into;
}

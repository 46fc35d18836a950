// The Swiss QR-bill's payment part on a page of its own, as many Swiss invoices end: receipt on
// the left, payment part with the QR code (Swiss cross in its middle) on the right, the amount in
// the QR-bill's own form ("1 234.50"), headings in the invoice's language (de, fr, it).

import { A4 } from './page-ops.mjs';

const MM = 72 / 25.4;

/** The QR-bill's amount form: space-grouped units, a dot and two decimals. */
const qrAmount = (cents) => {
  const [u, c] = (cents / 100).toFixed(2).split('.');
  return `${u.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${c}`;
};

/** Adds the payment-part page to `doc` (page-ops Pages); `png` is the QR code. */
export function drawQrBill(doc, inv, png) {
  const h = inv.lex.qr_bill;
  const s = inv.seller;
  const b = inv.buyer;
  const iban = s.iban.replace(/(.{4})(?=.)/g, '$1 ');
  doc.newPage();
  const y0 = A4.height - 105 * MM;
  doc.line(0, y0, A4.width, y0, 0.3);
  doc.line(62 * MM, y0, 62 * MM, A4.height, 0.3);
  // receipt
  let x = 5 * MM;
  let y = y0 + 5 * MM + 11;
  doc.text(x, y, h.receipt, { size: 11, bold: true });
  y += 18;
  const block = (label, lines, size = 8) => {
    doc.text(x, y, label, { size: 6, bold: true });
    y += 9;
    for (const l of lines) {
      doc.text(x, y, l, { size });
      y += size + 1;
    }
    y += 6;
  };
  block(h.account, [iban, s.name, ...s.lines]);
  block(h.debtor, [b.name, ...b.lines]);
  y = y0 + 68 * MM;
  doc.text(x, y, h.currency, { size: 6, bold: true });
  doc.text(x + 15 * MM, y, h.amount, { size: 6, bold: true });
  doc.text(x, y + 10, inv.currency, { size: 8 });
  doc.text(x + 15 * MM, y + 10, qrAmount(inv.gross), { size: 8 });
  doc.text(57 * MM, y0 + 88 * MM, h.acceptance, { size: 6, bold: true, align: 'right' });
  // payment part
  x = 67 * MM;
  y = y0 + 5 * MM + 11;
  doc.text(x, y, h.payment, { size: 11, bold: true });
  const qy = y0 + 17 * MM;
  const size = 46 * MM;
  doc.image(x, qy, size, size, png);
  // the Swiss cross: 7 mm black square with a white cross
  const c = 7 * MM;
  const cx = x + size / 2 - c / 2;
  const cy = qy + size / 2 - c / 2;
  doc.rect(cx, cy, c, c, 0);
  doc.rect(cx + c * 0.4, cy + c * 0.18, c * 0.2, c * 0.64, 1);
  doc.rect(cx + c * 0.18, cy + c * 0.4, c * 0.64, c * 0.2, 1);
  y = qy + size + 8 * MM;
  doc.text(x, y, h.currency, { size: 8, bold: true });
  doc.text(x + 15 * MM, y, h.amount, { size: 8, bold: true });
  doc.text(x, y + 12, inv.currency, { size: 10 });
  doc.text(x + 15 * MM, y + 12, qrAmount(inv.gross), { size: 10 });
  x = 118 * MM;
  y = y0 + 5 * MM + 11;
  const right = (label, lines) => {
    doc.text(x, y, label, { size: 8, bold: true });
    y += 11;
    for (const l of lines) {
      doc.text(x, y, l, { size: 10 });
      y += 11;
    }
    y += 8;
  };
  right(h.account, [iban, s.name, ...s.lines]);
  right(h.info, [`${inv.labels.title} ${inv.number}`]);
  right(h.debtor, [b.name, ...b.lines]);
}

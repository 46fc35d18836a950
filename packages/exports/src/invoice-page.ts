// A plain, readable A4 page drawn from the canonical document, for a Factur-X made from an
// invoice that came as XML or an image: parties, dates, lines, totals, VAT and payment, with
// pdf-lib's standard fonts (WinAnsi: a character they cannot draw is shown as `?`).
import type { Document, Party } from '@invoice-reader/engine';
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const SIZE = 9;
const LINE = 12;
const GREY = rgb(0.35, 0.35, 0.35);

/** Draws the document on as many pages as its lines need. */
export function drawInvoice(pdf: PDFDocument, d: Document, fonts: Fonts): void {
  const drawable = new Set(fonts.regular.getCharacterSet());
  const clean = (s: string) =>
    [...s.replace(/\s+/g, ' ')].map((c) => (drawable.has(c.codePointAt(0)!) ? c : '?')).join('');
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const fit = (s: string, width: number, font: PDFFont, size: number) => {
    let t = clean(s);
    while (t.length > 1 && font.widthOfTextAtSize(t, size) > width)
      t = `${t.slice(0, -2)}…`.replace('……', '…');
    return t;
  };
  const text = (
    s: string | undefined,
    x: number,
    opts: { width?: number; bold?: boolean; size?: number; right?: boolean; grey?: boolean } = {},
  ) => {
    if (!s) return;
    const font = opts.bold ? fonts.bold : fonts.regular;
    const size = opts.size ?? SIZE;
    const t = fit(s, opts.width ?? (opts.right ? 110 : A4[0] - MARGIN - x), font, size);
    const w = font.widthOfTextAtSize(t, size);
    page.drawText(t, {
      x: opts.right ? x - w : x,
      y,
      size,
      font,
      color: opts.grey ? GREY : rgb(0, 0, 0),
    });
  };
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const money = (v: string | undefined) => (v ? `${v} ${d.currency ?? ''}`.trim() : undefined);

  text(`${d.type === 'credit_note' ? 'Credit note' : 'Invoice'} ${d.number ?? ''}`, MARGIN, {
    bold: true,
    size: 18,
  });
  y -= 28;
  const facts: Array<[string, string | undefined]> = [
    ['Issue date', d.issue_date],
    ['Due date', d.due_date ?? d.payment.due_date],
    ['Delivery date', d.delivery_date],
    ['Currency', d.currency],
    ['Buyer reference', d.references.buyer_reference],
    ['Order', d.references.order],
  ];
  const partyLines = (p: Party) => [
    p.name,
    ...(p.address?.lines ?? []),
    [p.address?.postcode, p.address?.city].filter(Boolean).join(' '),
    p.address?.country,
    p.vat_id ? `VAT id ${p.vat_id}` : undefined,
    p.tax_number ? `Tax number ${p.tax_number}` : undefined,
    p.contact?.email,
  ];
  const blocks: Array<[string, Array<string | undefined>]> = [
    ['Seller', partyLines(d.seller)],
    ['Buyer', partyLines(d.buyer)],
    ['', facts.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`)],
  ];
  const top = y;
  let lowest = y;
  blocks.forEach(([head, rows], i) => {
    const x = MARGIN + i * 170;
    y = top;
    if (head) text(head, x, { bold: true, width: 160 });
    y -= LINE;
    for (const r of rows.filter(Boolean)) {
      text(r, x, { width: 160 });
      y -= LINE;
    }
    lowest = Math.min(lowest, y);
  });
  y = lowest - LINE;

  const cols = { no: MARGIN, desc: MARGIN + 22, qty: 360, price: 425, vat: 470, net: A4[0] - MARGIN };
  const header = () => {
    text('#', cols.no, { bold: true });
    text('Description', cols.desc, { bold: true });
    text('Quantity', cols.qty, { bold: true, right: true });
    text('Price', cols.price, { bold: true, right: true });
    text('VAT %', cols.vat, { bold: true, right: true });
    text('Net', cols.net, { bold: true, right: true });
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: cols.net, y }, thickness: 0.5, color: GREY });
    y -= LINE;
  };
  header();
  d.lines.forEach((l, i) => {
    if (y - LINE < MARGIN) {
      room(LINE * 3);
      header();
    }
    text(l.id ?? String(i + 1), cols.no, { width: 20 });
    text(l.description, cols.desc, { width: cols.qty - cols.desc - 60 });
    text(l.quantity ? `${l.quantity} ${l.unit ?? ''}`.trim() : undefined, cols.qty, { right: true });
    text(l.unit_price, cols.price, { right: true });
    text(l.vat_rate, cols.vat, { right: true });
    text(l.net_amount, cols.net, { right: true });
    y -= LINE;
  });

  const totals: Array<[string, string | undefined, boolean?]> = [
    ['Total without VAT', money(d.totals.net)],
    ['VAT', money(d.totals.vat)],
    ['Total with VAT', money(d.totals.gross), true],
    ['Paid', money(d.totals.prepaid)],
    ['Amount due', money(d.totals.payable), true],
  ];
  room(LINE * (totals.length + 2));
  y -= LINE;
  for (const [label, value, bold] of totals.filter(([, v]) => v)) {
    text(label, 360, { bold });
    text(value, cols.net, { bold, right: true });
    y -= LINE;
  }

  const vat = d.vat_breakdown.map(
    (v) =>
      `VAT ${v.category ?? ''} ${v.rate ? `${v.rate} %` : ''}: ${money(v.tax) ?? '-'} on ${money(v.taxable) ?? '-'}${
        v.exemption_reason ? ` (${v.exemption_reason})` : ''
      }`,
  );
  const account = d.payment.accounts[0];
  const payment = [
    d.payment.terms,
    account?.iban ? `IBAN ${account.iban}${account.bic ? `, BIC ${account.bic}` : ''}` : undefined,
    d.payment.reference ? `Payment reference ${d.payment.reference}` : undefined,
  ];
  for (const row of [...vat, ...payment, ...d.notes].filter(Boolean)) {
    room(LINE * 2);
    y -= LINE;
    text(row, MARGIN, { grey: true });
  }
  room(LINE * 2);
  y -= LINE * 2;
  text('This PDF carries the invoice as structured data: factur-x.xml (Factur-X, EN 16931).', MARGIN, {
    grey: true,
    size: 7,
  });
}

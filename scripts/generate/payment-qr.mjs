// Payment QR codes as invoices print them: the EPC069-12 credit-transfer code ("GiroCode") beside
// the bank details of a euro invoice, and the Swiss QR-bill's code (SPC 0200) on its payment part.
// Neither changes the truth: the reader is to read the page and add what the code confirms.

import QRCode from 'qrcode';

const amountText = (cents) => (cents / 100).toFixed(2);

/** EPC069-12 version 002 payload (BIC optional in the EEA; name up to 70 characters). */
export function epcPayload(inv) {
  const s = inv.seller;
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    s.showBic ? s.bic : '',
    s.name.slice(0, 70),
    s.iban,
    `EUR${amountText(inv.gross)}`,
    '',
    '',
    inv.number,
  ].join('\n');
}

/** Street and house number of an address line ("Bahnhofstrasse 12" -> ["Bahnhofstrasse", "12"]). */
function streetAndNumber(line) {
  const m = line.match(/^(.*?)[ ,]+(\d+\w?)\.?$/);
  return m ? [m[1], m[2]] : [line, ''];
}

/** Swiss QR-bill payload, SPC 0200, structured addresses, no reference (NON) and the invoice number as message. */
export function swissPayload(inv) {
  const address = (p) => {
    const [street, no] = streetAndNumber(p.lines[0]);
    const [zip, ...city] = p.lines[1].split(' ');
    return ['S', p.name.slice(0, 70), street, no, zip, city.join(' '), 'CH'];
  };
  return [
    'SPC',
    '0200',
    '1',
    inv.seller.iban,
    ...address(inv.seller),
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    amountText(inv.gross),
    inv.currency,
    ...address(inv.buyer),
    'NON',
    '',
    `${inv.labels.title} ${inv.number}`,
    'EPD',
  ].join('\n');
}

/** A QR code as PNG bytes (no quiet zone: the layout leaves white around it). */
export function qrPng(payload) {
  return QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', margin: 0, scale: 6 });
}

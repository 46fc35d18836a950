// Lays out one invoice on A4 pages as library-independent drawing (page-ops.mjs), in a style
// drawn per invoice: letterhead left, right, centred or split; recipient window left or right,
// or seller and buyer side by side under headings; the meta block as key-value rows or as a
// label-over-value grid; the item table; totals as right-aligned rows or a VAT table; footer in
// 2-4 columns; long tables and forced breaks put the totals on a later page.

import { formatQty, formatRate } from './format.mjs';
import { printer } from './invoice.mjs';
import { A4, Pages, textWidth } from './page-ops.mjs';
import { drawQrBill } from './qr-bill.mjs';

/** Draws the layout choices for one invoice. */
export function chooseStyle(d, inv) {
  const parties = ['pl', 'cs', 'sk', 'hu', 'ro', 'bg', 'lt', 'lv', 'hr', 'sl'].includes(inv.lang)
    ? d.pick(['columns', 'columns', 'window'])
    : d.pick(['window', 'window', 'window', 'columns']);
  const footerCols = d.pick([0, 2, 3, 3, 4, 4]);
  const style = {
    size: d.pick([8, 8.5, 9, 9, 9.5, 10]),
    left: d.int(40, 65),
    right: A4.width - d.int(40, 60),
    letterhead: d.pick(['left', 'right', 'center', 'split']),
    upperName: d.chance(0.2) && !inv.seller.name.includes('ß'),
    window: d.pick(['left', 'left', 'right']),
    returnLine: d.chance(0.5),
    billToHeading: d.chance(0.5),
    parties,
    meta: d.pick(['kv', 'kv', 'grid', 'kv-below']),
    kvForm: d.pick(['columns', 'right', 'inline']),
    sep: inv.lang === 'fr' ? d.pick([' :', ':', '']) : d.pick([':', ':', '']),
    titleAlign: d.pick(['left', 'left', 'right', 'center']),
    titleSize: d.pick([13, 15, 18, 20]),
    numberInTitle: d.chance(0.35),
    customerFirst: d.chance(0.4),
    intro: d.chance(0.4),
    posCol: d.chance(0.7),
    unitCol: d.chance(0.6),
    vatCol: inv.breakdown.length > 1 || d.chance(0.4),
    headerFill: d.chance(0.5),
    rowRules: d.chance(0.4),
    totals: d.pick(['kv', 'kv', 'table']),
    vatWithBase: d.chance(0.25),
    vatTotalLine: inv.breakdown.length > 1 || d.chance(0.3),
    footerCols,
    footerEveryPage: d.chance(0.6),
    vatWhere: footerCols === 0 ? d.pick(['header', 'meta']) : d.pick(['footer', 'footer', 'header', 'meta']),
    ibanWhere: footerCols === 0 ? 'payment' : d.pick(['footer', 'footer', 'payment']),
    buyerVatWhere: d.pick(['window', 'meta']),
    totalsOnNewPage: d.chance(0.12),
    carry: d.chance(0.5),
    pageNumbers: d.pick(['bottom', 'top', 'none']),
  };
  // A logo picture instead of the name in the letterhead, where the name is printed as text elsewhere in full.
  style.logo =
    d.chance(0.15) && (style.parties === 'columns' || style.returnLine) && style.letterhead !== 'center';
  style.logoColour = d.pick(['#1a3d6d', '#7a1f1f', '#1f5f3a', '#333333', '#8a5a00']);
  // A payment code: the Swiss QR-bill's payment part on a page of its own, or a GiroCode beside the bank details.
  const payable = inv.seller.showIban && !inv.credit && inv.gross > 0;
  style.qr = 'none';
  if (payable && inv.currency === 'CHF' && inv.lex.qr_bill && d.chance(0.45)) style.qr = 'swiss';
  else if (payable && inv.currency === 'EUR' && d.chance(0.15)) style.qr = 'epc';
  return style;
}

const fillRate = (tpl, rate) => tpl.replace('{rate}', rate);

/**
 * Breaks a footer line into lines of at most `width` points (by the estimate), at spaces. A
 * label-value pair ([label, value]) breaks only between the two: an IBAN or id stays in one run.
 */
function wrap(line, width, size) {
  if (Array.isArray(line)) {
    const [label, value] = line;
    return textWidth(`${label} ${value}`, size) <= width ? [`${label} ${value}`] : [label, value];
  }
  const out = [];
  let cur = '';
  for (const word of line.split(' ')) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && textWidth(next, size) > width) {
      out.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * Lays out `inv` in `style`; `assets.logo` is the letterhead picture when `style.logo`, `assets.qr`
 * the payment code's PNG when `style.qr` is not 'none'. Returns the Pages.
 */
export function layout(inv, style, assets = {}) {
  const doc = new Pages();
  const p = printer(inv);
  const s = style.size;
  const lh = s * 1.38;
  const L = style.left;
  const R = style.right;
  const lab = inv.labels;
  const sep = style.sep;
  const seller = inv.seller;
  const sellerName = style.upperName ? seller.name.toUpperCase() : seller.name;
  const vatLine = `${lab.seller_vat_id}${sep} ${seller.vatPrinted}`;
  const footerTop = A4.height - (style.footerCols ? 92 : 50);

  // Letterhead: the seller's name as text, or as the logo picture (top at the text's cap height)
  const nameAt = (x, baseline, align, size) => {
    if (!style.logo) {
      doc.text(x, baseline, sellerName, { size, bold: true, align });
      return;
    }
    const { png, width, height } = assets.logo;
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    doc.image(left, baseline - height * 0.75, width, height, png);
  };
  let y = 58;
  const nameSize = s + 7;
  const headLines = [...seller.lines];
  if (style.vatWhere === 'header' && seller.showVat) headLines.push(vatLine);
  if (style.letterhead === 'center') {
    doc.text(A4.width / 2, y, sellerName, { size: nameSize, bold: true, align: 'center' });
    y += lh + 4;
    doc.text(A4.width / 2, y, seller.lines.join(' · '), { size: s - 0.5, align: 'center' });
    y += lh;
    const rest = headLines.slice(seller.lines.length);
    rest.push(`${lab.phone} ${seller.phone} · ${seller.email}`);
    for (const l of rest) {
      doc.text(A4.width / 2, y, l, { size: s - 0.5, align: 'center' });
      y += lh;
    }
  } else if (style.letterhead === 'split') {
    nameAt(L, y + 4, 'left', nameSize + 2);
    let ry = y - 8;
    for (const l of [...headLines, `${lab.phone} ${seller.phone}`, seller.email, seller.web]) {
      doc.text(R, ry, l, { size: s - 1, align: 'right' });
      ry += lh - 1;
    }
    y = Math.max(y + lh + 8, ry);
  } else {
    const x = style.letterhead === 'left' ? L : R;
    const align = style.letterhead;
    nameAt(x, y, align, nameSize);
    y += lh + 4;
    for (const l of [...headLines, `${lab.email} ${seller.email}`]) {
      doc.text(x, y, l, { size: s - 0.5, align });
      y += lh - 1;
    }
  }

  // Meta rows (label, value) in the order invoices tend to show them; traps sit beside the number.
  const rows = [];
  const titleHoldsNumber =
    style.numberInTitle && lab.number.toLowerCase().startsWith(lab.title.toLowerCase());
  if (!titleHoldsNumber) rows.push([lab.number, inv.number]);
  rows.push([lab.invoice_date, p.date(inv.issue)]);
  if (inv.dueShow === 'label') rows.push([lab.due_date, p.date(inv.dueDate)]);
  if (inv.deliveryDate) rows.push([lab.delivery_date, p.date(inv.deliveryDate)]);
  if (inv.customerNo)
    rows.splice(style.customerFirst ? 0 : rows.length, 0, [lab.customer_no, inv.customerNo]);
  if (inv.orderNo) rows.push([lab.order_no, inv.orderNo]);
  if (inv.buyer.showVat && style.buyerVatWhere === 'meta')
    rows.push([lab.buyer_vat_id, inv.buyer.vatPrinted]);
  if (style.vatWhere === 'meta' && seller.showVat) rows.push([lab.seller_vat_id, seller.vatPrinted]);

  // Parties: a recipient window (with the sender's return line) or seller and buyer side by side.
  const top = Math.max(y + 16, 128);
  let partiesBottom = top;
  const buyerLines = [];
  if (inv.buyer.attention)
    buyerLines.push([inv.buyer.name, true], [`${lab.attention} ${inv.buyer.attention}`, false]);
  else buyerLines.push([inv.buyer.name, true]);
  for (const l of inv.buyer.lines) buyerLines.push([l, false]);
  if (inv.buyer.showVat && style.buyerVatWhere === 'window')
    buyerLines.push([`${lab.buyer_vat_id}${sep} ${inv.buyer.vatPrinted}`, false]);
  let metaX;
  let metaY = top;
  if (style.parties === 'columns') {
    const colW = (R - L) / 2;
    let ly = top;
    doc.text(L, ly, lab.seller_heading, { size: s, bold: true });
    ly += lh + 2;
    const sellerBlock = [[seller.name, true], ...seller.lines.map((l) => [l, false])];
    if (seller.showVat && style.vatWhere !== 'meta') sellerBlock.push([vatLine, false]);
    for (const [l, b] of sellerBlock) {
      doc.text(L, ly, l, { size: s, bold: b });
      ly += lh;
    }
    let ry = top;
    doc.text(L + colW, ry, lab.bill_to, { size: s, bold: true });
    ry += lh + 2;
    for (const [l, b] of buyerLines) {
      doc.text(L + colW, ry, l, { size: s, bold: b });
      ry += lh;
    }
    partiesBottom = Math.max(ly, ry);
    metaY = partiesBottom + 14;
    metaX = style.meta === 'kv' ? L + colW : L;
  } else {
    const wx = style.window === 'left' ? L + 4 : 330;
    let wy = top + 6;
    if (style.returnLine) {
      doc.text(wx, wy, `${seller.name} · ${seller.lines.join(' · ')}`, { size: 6.5 });
      doc.line(
        wx,
        wy + 2,
        wx + Math.min(240, textWidth(`${seller.name} · ${seller.lines.join(' · ')}`, 6.5)),
        wy + 2,
        0.3,
      );
      wy += 16;
    }
    if (style.billToHeading) {
      doc.text(wx, wy, lab.bill_to + (sep ? ':' : ''), { size: s - 1, bold: true });
      wy += lh;
    }
    for (const [l, b] of buyerLines) {
      doc.text(wx, wy, l, { size: s + 0.5, bold: b && style.size < 9.5 });
      wy += lh + 1;
    }
    partiesBottom = wy;
    metaX = style.window === 'left' ? 345 : L;
  }

  // Meta block beside the window, or under the title (kv-below, grid)
  const kvBlock = (x, y0, width) => {
    const labelW = Math.max(...rows.map(([l]) => textWidth(l + sep, s))) + 10;
    let ky = y0;
    for (const [l, v] of rows) {
      if (style.kvForm === 'inline') doc.text(x, ky, `${l}${sep} ${v}`, { size: s });
      else {
        doc.text(x, ky, `${l}${sep}`, { size: s });
        if (style.kvForm === 'right') doc.text(x + width, ky, v, { size: s, align: 'right' });
        else doc.text(x + labelW, ky, v, { size: s });
      }
      ky += lh;
    }
    return ky;
  };
  let metaBottom = metaY;
  if (style.meta === 'kv') metaBottom = kvBlock(metaX, metaY, R - metaX);
  y = Math.max(partiesBottom, metaBottom) + 22;

  // Title
  const title = titleHoldsNumber ? `${lab.number} ${inv.number}` : lab.title;
  const tx = style.titleAlign === 'left' ? L : style.titleAlign === 'right' ? R : A4.width / 2;
  doc.text(tx, y, title, { size: style.titleSize, bold: true, align: style.titleAlign });
  y += style.titleSize + 8;
  if (style.meta === 'kv-below') y = kvBlock(L, y, 220) + 8;
  if (style.meta === 'grid') {
    const cols = rows.slice(0, 5);
    const w = (R - L) / cols.length;
    cols.forEach(([l, v], i) => {
      doc.text(L + i * w, y, l, { size: s - 1, bold: true });
      doc.text(L + i * w, y + lh, v, { size: s });
    });
    doc.line(L, y + lh + 5, R, y + lh + 5, 0.4);
    const rest = rows.slice(5);
    y += 2 * lh + 12;
    if (rest.length) y = kvBlock(L, y, 220) + 6;
  }
  if (style.intro && inv.lex.intro.length) {
    for (const l of inv.lex.intro) {
      doc.text(L, y, l, { size: s });
      y += lh;
    }
    y += 4;
  }

  // Item table
  const cols = [];
  if (style.posCol) cols.push({ key: 'pos', w: 28, align: 'left' });
  cols.push({ key: 'description', w: 0, align: 'left' });
  cols.push({ key: 'qty', w: 42, align: 'right' });
  if (style.unitCol) cols.push({ key: 'unit', w: 38, align: 'left', pad: 6 });
  cols.push({ key: 'unit_price', w: 72, align: 'right' });
  if (style.vatCol) cols.push({ key: 'vat_rate', w: 42, align: 'right' });
  cols.push({ key: 'amount', w: 78, align: 'right' });
  // a column is at least as wide as its heading
  for (const c of cols) if (c.w) c.w = Math.max(c.w, textWidth(lab.items[c.key], s - 0.5, true) + 10);
  const fixed = cols.reduce((a, c) => a + c.w, 0);
  cols.find((c) => c.key === 'description').w = R - L - fixed;
  let cx = L;
  for (const c of cols) {
    c.x = c.align === 'right' ? cx + c.w : cx + (c.pad ?? 0);
    cx += c.w;
  }
  const currencyInHeader = inv.fmt.currency === 'none';
  const header = () => {
    if (style.headerFill) doc.rect(L - 3, y - s - 2, R - L + 6, s + 7, 0.88);
    for (const c of cols) {
      let t = lab.items[c.key];
      if (c.key === 'amount' && currencyInHeader) t = `${t} (${inv.currency})`;
      doc.text(c.x, y, t, { size: s - 0.5, bold: true, align: c.align });
    }
    y += 5;
    doc.line(L, y, R, y, 0.6);
    y += lh;
  };
  const pageHeader = () => {
    doc.newPage();
    y = 52;
    doc.text(L, y, seller.name, { size: s, bold: true });
    doc.text(R, y, `${lab.title} ${inv.number}`, { size: s, align: 'right' });
    y += 30;
  };
  const rowH = lh + (style.rowRules ? 3 : 1);
  const bottom = footerTop - 24;
  header();
  let running = 0;
  inv.items.forEach((it, i) => {
    if (y + rowH * (it.note ? 2 : 1) > bottom) {
      if (style.carry)
        doc.text(R, y + 4, `${inv.lex.carry}: ${p.number(running)}`, { size: s, align: 'right' });
      pageHeader();
      header();
      if (style.carry) {
        doc.text(L, y, inv.lex.carry, { size: s });
        doc.text(R, y, p.number(running), { size: s, align: 'right' });
        y += rowH;
      }
    }
    const cells = {
      pos: String(i + 1),
      description: it.desc,
      qty: formatQty(it.qty, inv.fmt),
      unit: it.unit,
      unit_price: p.number(it.price),
      vat_rate: formatRate(it.rate, inv.fmt),
      amount: p.number(it.net),
    };
    for (const c of cols) doc.text(c.x, y, cells[c.key], { size: s, align: c.align });
    if (it.note) {
      const desc = cols.find((c) => c.key === 'description');
      y += lh - 1;
      doc.text(desc.x, y, `${p.date(it.note.from)} – ${p.date(it.note.to)}`, { size: s - 1.5 });
    }
    if (style.rowRules) doc.line(L, y + 4, R, y + 4, 0.25);
    y += rowH;
    running += it.net;
  });
  doc.line(L, y - rowH + 6, R, y - rowH + 6, 0.6);
  y += 8;

  // Totals
  const totalsH = (inv.breakdown.length + 4) * (lh + 3) + 30;
  if (style.totalsOnNewPage || y + totalsH > bottom) pageHeader();
  const gross = p.amount(inv.gross);
  if (style.totals === 'table') {
    const tcols = [
      [inv.lex.breakdown.rate, L + 180, 'right'],
      [inv.lex.breakdown.base, L + 280, 'right'],
      [inv.lex.breakdown.tax, L + 380, 'right'],
      [inv.lex.breakdown.gross, R, 'right'],
    ];
    for (const [t, x, a] of tcols) doc.text(x, y, t, { size: s - 0.5, bold: true, align: a });
    y += 4;
    doc.line(L + 90, y, R, y, 0.4);
    y += lh;
    for (const r of inv.breakdown) {
      const cells = [
        formatRate(r.rate, inv.fmt),
        p.number(r.base),
        p.number(r.tax),
        p.number(r.base + r.tax),
      ];
      cells.forEach((c, i) => {
        doc.text(tcols[i][1], y, c, { size: s, align: 'right' });
      });
      y += lh;
    }
    doc.line(L + 90, y - lh + 5, R, y - lh + 5, 0.4);
    doc.text(L + 90, y + 2, inv.lex.breakdown.total, { size: s, bold: true });
    [p.number(inv.net), p.number(inv.vat), p.number(inv.gross)].forEach((c, i) => {
      doc.text(tcols[i + 1][1], y + 2, c, { size: s, bold: true, align: 'right' });
    });
    y += lh + 12;
    doc.text(R - 150, y, `${lab.total}${sep}`, { size: s + 2, bold: true, align: 'right' });
    doc.text(R, y, gross, { size: s + 2, bold: true, align: 'right' });
    y += lh + 14;
  } else {
    const lx = R - 250;
    const trow = (label, value, bold = false, size = s) => {
      doc.text(lx, y, label, { size, bold });
      doc.text(R, y, value, { size, bold, align: 'right' });
      y += lh + 2;
    };
    trow(`${lab.net}${sep}`, p.amount(inv.net));
    for (const r of inv.breakdown) {
      const rate = formatRate(r.rate, inv.fmt);
      const withBase = style.vatWithBase ? ` (${p.number(r.base)})` : '';
      trow(`${fillRate(lab.vat, rate)}${withBase}${sep}`, p.amount(r.tax));
    }
    if (style.vatTotalLine) trow(`${lab.vat_total}${sep}`, p.amount(inv.vat));
    doc.line(lx, y - lh + 3, R, y - lh + 3, 0.6);
    y += 3;
    trow(`${lab.total}${sep}`, gross, true, s + 1.5);
    doc.line(lx, y - lh + 3, R, y - lh + 3, 0.6);
    y += 8;
  }

  // Terms, payment, notes
  const lines = [];
  if (inv.credit) lines.push(inv.lex.credit_text[0]);
  if (inv.reverse) lines.push(inv.lex.reverse_charge);
  if (inv.dueShow === 'terms') lines.push(inv.lex.terms_date[0].replace('{date}', p.date(inv.dueDate)));
  if (inv.dueShow === 'days' || (inv.dueShow === 'label' && style.size > 9))
    lines.push(inv.lex.terms_days[0].replace('{days}', String(inv.dueDays)));
  if (currencyInHeader && style.totals === 'table')
    lines.push(lab.currency_note.replace('{cur}', inv.currency));
  if (inv.paymentRef) lines.push(`${lab.payment_reference}${sep} ${inv.paymentRef}`);
  for (const l of lines) {
    doc.text(L, y, l, { size: s });
    y += lh;
  }
  if (currencyInHeader && style.totals !== 'table' && !lines.length)
    doc.text(L, y, lab.currency_note.replace('{cur}', inv.currency), { size: s });
  y += 8;
  // bank lines as label-value pairs (the footer keeps each value in one run)
  const bankLines = [];
  if (seller.showIban) {
    bankLines.push([`${lab.bank}${sep}`, seller.bank]);
    bankLines.push([`${lab.iban}${sep}`, seller.ibanPrinted]);
    if (seller.showBic) bankLines.push([`${lab.bic}${sep}`, seller.bic]);
  }
  if (seller.localPayment) bankLines.push(seller.localPayment);
  if (style.ibanWhere === 'payment' && bankLines.length) {
    if (y + bankLines.length * lh > bottom) pageHeader();
    for (const l of bankLines) {
      doc.text(L, y, Array.isArray(l) ? l.join(' ') : l, { size: s });
      y += lh;
    }
    y += 6;
  }
  for (const n of seller.notes) {
    if (y + lh > bottom) pageHeader();
    doc.text(L, y, n, { size: s - 1.5 });
    y += lh;
  }
  if (style.qr === 'epc') {
    const q = 72;
    if (y + q + 20 > bottom) pageHeader();
    doc.image(R - q, y, q, q, assets.qr);
    doc.text(R - q / 2, y + q + 10, inv.lex.qr_caption, { size: s - 1.5, align: 'center' });
  }
  if (y + lh < bottom) doc.text(L, y + 6, inv.lex.thanks[0], { size: s });

  // Footer columns: sender, contact, bank, legal lines
  const footer = (page) => {
    const groups = [
      [seller.name, ...seller.lines],
      [`${lab.phone} ${seller.phone}`, `${lab.email} ${seller.email}`, seller.web],
      style.ibanWhere === 'footer' ? bankLines : [],
      [
        ...(style.vatWhere === 'footer' && seller.showVat
          ? [[`${lab.seller_vat_id}${sep}`, seller.vatPrinted]]
          : []),
        ...seller.register,
        `${lab.director}: ${seller.director}`,
      ],
    ].filter((g) => g.length);
    let merged = groups;
    while (merged.length > style.footerCols) {
      const [a, b, ...rest] = merged;
      merged = [[...a, ...b], ...rest];
    }
    const w = (R - L) / merged.length;
    const fs = 6.8;
    merged = merged.map((g) => g.flatMap((l) => wrap(l, w - 8, fs)));
    doc.pages[page].push({ type: 'line', x1: L, y1: footerTop, x2: R, y2: footerTop, width: 0.4 });
    merged.forEach((g, i) => {
      g.forEach((l, k) => {
        doc.text(L + i * w, footerTop + 11 + k * (fs + 2.2), l, { size: fs, page });
      });
    });
  };
  if (style.footerCols) {
    const pages = style.footerEveryPage ? [...doc.pages.keys()] : [doc.count - 1];
    for (const pg of pages) footer(pg);
  }
  if (style.pageNumbers !== 'none' && doc.count > 1) {
    for (let i = 0; i < doc.count; i++) {
      const t = lab.page.replace('{n}', String(i + 1)).replace('{m}', String(doc.count));
      if (style.pageNumbers === 'top') doc.text(R, 34, t, { size: s - 1, align: 'right', page: i });
      else doc.text(A4.width / 2, A4.height - 22, t, { size: s - 1, align: 'center', page: i });
    }
  }
  if (style.qr === 'swiss') drawQrBill(doc, inv, assets.qr);
  return doc;
}

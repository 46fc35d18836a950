// FatturaPA semplificata (root FatturaElettronicaSemplificata, FSM10): the simplified invoice of
// art. 21-bis DPR 633/72. No lines with prices, no payment block: each DatiBeniServizi is one item
// with its amount including VAT (Importo) and either the VAT amount (Imposta) or the rate (Aliquota).
//
// Totals: gross is the sum of Importo; VAT the sum of Imposta when every item states it; net is
// gross - VAT only then. VAT is never worked out from a rate.
import { parseDecimal } from '../decimal.js';
import type { Document } from '../document.js';
import type { XmlDocumentBuilder } from './builder.js';
import {
  readAddress,
  readFatturaFile,
  readGeneralData,
  readIds,
  readName,
  readRecipientAddress,
  subtractDecimals,
  sumAll,
} from './fatturapa-shared.js';
import type { XmlElement } from './parse.js';
import { child, childrenOf, find, textOf } from './query.js';
import type { XmlSyntaxReader } from './syntax.js';

const SYNTAX = 'fatturapa-simplified';

export const fatturaPaSimplifiedReader: XmlSyntaxReader = {
  name: SYNTAX,
  accepts: (root) => root.local === 'FatturaElettronicaSemplificata',
  read: readSimplified,
};

function readSimplified(root: XmlElement): Document {
  return readFatturaFile(root, SYNTAX, readHeader, readBody);
}

function readHeader(b: XmlDocumentBuilder, root: XmlElement, header: XmlElement, seller: XmlElement): void {
  const version = root.attrs.versione?.trim();
  if (version) b.value('profile', version, root);

  // The simplified seller block holds the identifiers, the name and the address directly.
  readIds(b, 'seller', seller);
  readName(b, 'seller', seller);
  readAddress(b, 'seller', child(seller, 'Sede'));

  const buyer = child(header, 'CessionarioCommittente');
  readIds(b, 'buyer', child(buyer, 'IdentificativiFiscali'));
  const other = child(buyer, 'AltriDatiIdentificativi');
  readName(b, 'buyer', other);
  readAddress(b, 'buyer', child(other, 'Sede'));
  readRecipientAddress(b, child(header, 'DatiTrasmissione'));
}

interface Item {
  el: XmlElement;
  gross?: string;
  tax?: string;
  rate?: string;
  category?: string;
  reason?: string;
}

function readBody(b: XmlDocumentBuilder, body: XmlElement, index: number, count: number): void {
  readGeneralData(b, body, index, count);
  const doc = b.doc;
  b.text('references.preceding_invoice', find(body, 'DatiGenerali/DatiFatturaRettificata/NumeroFR'));

  const goods = childrenOf(body, 'DatiBeniServizi');
  const items: Item[] = goods.map((el, i) => {
    doc.lines.push({});
    b.text(`lines.${i}.description`, child(el, 'Descrizione'));
    const item: Item = {
      el,
      gross: parseAmount(child(el, 'Importo')),
      tax: parseAmount(find(el, 'DatiIVA/Imposta')),
      rate: b.amount(`lines.${i}.vat_rate`, find(el, 'DatiIVA/Aliquota')),
      category: b.text(`lines.${i}.vat_category`, child(el, 'Natura')),
      reason: textOf(child(el, 'RiferimentoNormativo')),
    };
    if (item.gross !== undefined && item.tax !== undefined) {
      b.value(`lines.${i}.net_amount`, subtractDecimals(item.gross, item.tax), child(el, 'Importo'));
    }
    return item;
  });

  readBreakdown(b, items);
  const only = goods.length === 1 ? goods[0] : undefined;
  const gross = sumAll(items.map((it) => it.gross));
  if (gross !== undefined) b.value('totals.gross', gross, only ? child(only, 'Importo') : body);
  const vat = sumAll(items.map((it) => it.tax));
  if (vat !== undefined) b.value('totals.vat', vat, only ? find(only, 'DatiIVA/Imposta') : body);
  if (gross !== undefined && vat !== undefined) b.value('totals.net', subtractDecimals(gross, vat), body);
}

/** One entry per rate / exemption nature; amounts only where every item of the group states them. */
function readBreakdown(b: XmlDocumentBuilder, items: Item[]): void {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${item.rate ?? ''}|${item.category ?? ''}`;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  let i = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    b.doc.vat_breakdown.push({});
    const at = `vat_breakdown.${i++}`;
    if (first.category) b.value(`${at}.category`, first.category, child(first.el, 'Natura'));
    if (first.rate !== undefined) b.value(`${at}.rate`, first.rate, find(first.el, 'DatiIVA/Aliquota'));
    const tax = sumAll(group.map((it) => it.tax));
    const gross = sumAll(group.map((it) => it.gross));
    const where = group.length === 1 ? first.el : first.el.parent!;
    if (tax !== undefined) b.value(`${at}.tax`, tax, where);
    if (tax !== undefined && gross !== undefined)
      b.value(`${at}.taxable`, subtractDecimals(gross, tax), where);
    const withReason = group.find((it) => it.reason);
    if (withReason)
      b.value(`${at}.exemption_reason`, withReason.reason!, child(withReason.el, 'RiferimentoNormativo'));
  }
}

function parseAmount(el: XmlElement | undefined): string | undefined {
  return parseDecimal(textOf(el));
}

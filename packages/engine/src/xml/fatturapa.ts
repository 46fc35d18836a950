// The Italian FatturaPA 1.2 / 1.2.x ordinary invoice (root FatturaElettronica, FPA12 / FPR12, and
// the older 1.1). One header (transmission data, seller, buyer) and one or more bodies: a file with
// several bodies is a lot, every body an invoice of its own with the header's parties.
//
// Totals: FatturaPA has no net or VAT total, only the VAT summary (DatiRiepilogo), so net is the sum
// of ImponibileImporto and VAT the sum of Imposta. Gross is ImportoTotaleDocumento when given and
// otherwise net + VAT (the document's own summary, nothing estimated). Payable is the
// ImportoPagamento of the first DettaglioPagamento, the instalment the due date also refers to.
// A line's price is its net price: PrezzoUnitario with the line's ScontoMaggiorazione applied,
// where its PrezzoTotale confirms it (fatturapa-line-price.ts).
import type { Document } from '../document.js';
import type { XmlDocumentBuilder } from './builder.js';
import { netPriceOf } from './fatturapa-line-price.js';
import {
  readAddress,
  readContact,
  readFatturaFile,
  readGeneralData,
  readIds,
  readName,
  readRecipientAddress,
  sumAll,
} from './fatturapa-shared.js';
import type { XmlElement } from './parse.js';
import { child, childrenOf, find, findAll, textOf } from './query.js';
import type { XmlSyntaxReader } from './syntax.js';

export { fatturaPaSimplifiedReader } from './fatturapa-simplified.js';

const SYNTAX = 'fatturapa';

export const fatturaPaReader: XmlSyntaxReader = {
  name: SYNTAX,
  accepts: (root) => root.local === 'FatturaElettronica',
  read: readFatturaPa,
};

function readFatturaPa(root: XmlElement): Document {
  return readFatturaFile(root, SYNTAX, readHeader, readBody);
}

function readHeader(b: XmlDocumentBuilder, root: XmlElement, header: XmlElement, seller: XmlElement): void {
  const version = root.attrs.versione?.trim();
  if (version) b.value('profile', version, root);

  const sellerData = child(seller, 'DatiAnagrafici');
  readIds(b, 'seller', sellerData);
  readName(b, 'seller', child(sellerData, 'Anagrafica'));
  b.text('seller.tax_regime', child(sellerData, 'RegimeFiscale'), (s) => s.toUpperCase());
  readAddress(b, 'seller', child(seller, 'Sede'));
  readContact(b, 'seller', child(seller, 'Contatti'));
  const rea = child(seller, 'IscrizioneREA');
  const reaNumber = textOf(child(rea, 'NumeroREA'));
  if (rea && reaNumber) {
    const office = textOf(child(rea, 'Ufficio'));
    b.value('seller.legal_id', office ? `${office}-${reaNumber}` : reaNumber, rea);
  }

  const buyer = child(header, 'CessionarioCommittente');
  const buyerData = child(buyer, 'DatiAnagrafici');
  readIds(b, 'buyer', buyerData);
  readName(b, 'buyer', child(buyerData, 'Anagrafica'));
  readAddress(b, 'buyer', child(buyer, 'Sede'));
  readRecipientAddress(b, child(header, 'DatiTrasmissione'));
}

function readBody(b: XmlDocumentBuilder, body: XmlElement, index: number, count: number): void {
  const dgd = readGeneralData(b, body, index, count);
  const doc = b.doc;

  for (const causale of childrenOf(dgd, 'Causale')) {
    b.text(`notes.${doc.notes.length}`, causale);
  }
  readReferences(b, child(body, 'DatiGenerali'));
  // ScontoMaggiorazione of the document: a discount (SC) or surcharge (MG) on its total (BG-20/21;
  // FatturaPA gives it no VAT category or reason).
  childrenOf(dgd, 'ScontoMaggiorazione').forEach((sm) => {
    const kind = textOf(child(sm, 'Tipo'))?.toUpperCase();
    if (kind !== 'SC' && kind !== 'MG') return;
    const p = b.allowanceCharge(kind === 'MG');
    b.amount(`${p}.amount`, child(sm, 'Importo'));
    b.amount(`${p}.percent`, child(sm, 'Percentuale'));
  });
  for (const fund of childrenOf(dgd, 'DatiCassaPrevidenziale')) readFundContribution(b, fund);
  b.date('delivery_date', find(body, 'DatiGenerali/DatiTrasporto/DataOraConsegna'));

  const goods = child(body, 'DatiBeniServizi');
  childrenOf(goods, 'DettaglioLinee').forEach((line, i) => {
    doc.lines.push({});
    b.text(`lines.${i}.id`, child(line, 'NumeroLinea'));
    b.text(`lines.${i}.description`, child(line, 'Descrizione'));
    b.amount(`lines.${i}.quantity`, child(line, 'Quantita'));
    b.text(`lines.${i}.unit`, child(line, 'UnitaMisura'));
    const price = netPriceOf(line);
    if (price !== undefined) b.value(`lines.${i}.unit_price`, price, child(line, 'PrezzoUnitario'));
    b.amount(`lines.${i}.net_amount`, child(line, 'PrezzoTotale'));
    b.amount(`lines.${i}.vat_rate`, child(line, 'AliquotaIVA'));
    b.text(`lines.${i}.vat_category`, child(line, 'Natura'));
  });

  const summary = childrenOf(goods, 'DatiRiepilogo');
  const taxable: Array<string | undefined> = [];
  const tax: Array<string | undefined> = [];
  summary.forEach((entry, i) => {
    doc.vat_breakdown.push({});
    b.text(`vat_breakdown.${i}.category`, child(entry, 'Natura'));
    b.amount(`vat_breakdown.${i}.rate`, child(entry, 'AliquotaIVA'));
    taxable.push(b.amount(`vat_breakdown.${i}.taxable`, child(entry, 'ImponibileImporto')));
    tax.push(b.amount(`vat_breakdown.${i}.tax`, child(entry, 'Imposta')));
    b.text(`vat_breakdown.${i}.exemption_reason`, child(entry, 'RiferimentoNormativo'));
  });
  const only = summary.length === 1 ? summary[0] : undefined;
  const net = sumAll(taxable);
  if (net !== undefined) b.value('totals.net', net, only ? child(only, 'ImponibileImporto') : goods);
  const vat = sumAll(tax);
  if (vat !== undefined) b.value('totals.vat', vat, only ? child(only, 'Imposta') : goods);

  if (
    !b.amount('totals.gross', child(dgd, 'ImportoTotaleDocumento')) &&
    net !== undefined &&
    vat !== undefined
  ) {
    b.value('totals.gross', sumAll([net, vat])!, goods);
  }
  b.amount('totals.rounding', child(dgd, 'Arrotondamento'));

  readPayment(b, body);
}

/**
 * The pension funds of FatturaPA's TipoCassa code list, as the Agenzia delle Entrate's schema names
 * them: a contribution's reason says which fund it is for.
 */
const PENSION_FUNDS: Record<string, string> = {
  TC01: 'Cassa nazionale previdenza e assistenza avvocati e procuratori legali',
  TC02: 'Cassa previdenza dottori commercialisti',
  TC03: 'Cassa previdenza e assistenza geometri',
  TC04: 'Cassa nazionale previdenza e assistenza ingegneri e architetti liberi professionisti',
  TC05: 'Cassa nazionale del notariato',
  TC06: 'Cassa nazionale previdenza e assistenza ragionieri e periti commerciali',
  TC07: 'Ente nazionale assistenza agenti e rappresentanti di commercio (ENASARCO)',
  TC08: 'Ente nazionale previdenza e assistenza consulenti del lavoro (ENPACL)',
  TC09: 'Ente nazionale previdenza e assistenza medici (ENPAM)',
  TC10: 'Ente nazionale previdenza e assistenza farmacisti (ENPAF)',
  TC11: 'Ente nazionale previdenza e assistenza veterinari (ENPAV)',
  TC12: "Ente nazionale previdenza e assistenza impiegati dell'agricoltura (ENPAIA)",
  TC13: 'Fondo previdenza impiegati imprese di spedizione e agenzie marittime',
  TC14: 'Istituto nazionale previdenza giornalisti italiani (INPGI)',
  TC15: 'Opera nazionale assistenza orfani sanitari italiani (ONAOSI)',
  TC16: 'Cassa autonoma assistenza integrativa giornalisti italiani (CASAGIT)',
  TC17: 'Ente previdenza periti industriali e periti industriali laureati (EPPI)',
  TC18: 'Ente previdenza e assistenza pluricategoriale (EPAP)',
  TC19: 'Ente nazionale previdenza e assistenza biologi (ENPAB)',
  TC20: 'Ente nazionale previdenza e assistenza professione infermieristica (ENPAPI)',
  TC21: 'Ente nazionale previdenza e assistenza psicologi (ENPAP)',
  TC22: 'INPS',
};

/**
 * DatiCassaPrevidenziale: the contribution to a professional's pension fund, charged on the invoice
 * and taxed with it, so a document-level charge (BG-21): its amount (ImportoContributoCassa), rate
 * (AlCassa) and base (ImponibileCassa), VAT rate and nature, and the fund as its reason.
 */
function readFundContribution(b: XmlDocumentBuilder, fund: XmlElement): void {
  const p = b.allowanceCharge(true);
  b.amount(`${p}.amount`, child(fund, 'ImportoContributoCassa'));
  b.amount(`${p}.percent`, child(fund, 'AlCassa'));
  b.amount(`${p}.base`, child(fund, 'ImponibileCassa'));
  b.amount(`${p}.vat_rate`, child(fund, 'AliquotaIVA'));
  b.text(`${p}.vat_category`, child(fund, 'Natura'));
  b.text(`${p}.reason`, child(fund, 'TipoCassa'), (code) => {
    const c = code.toUpperCase();
    return PENSION_FUNDS[c]
      ? `Contributo cassa previdenziale ${c}: ${PENSION_FUNDS[c]}`
      : `Contributo cassa previdenziale ${c}`;
  });
}

/** DatiPagamento: terms, means, due date, accounts and the amount of the first instalment. */
function readPayment(b: XmlDocumentBuilder, body: XmlElement): void {
  const blocks = childrenOf(body, 'DatiPagamento');
  const details = findAll(body, 'DatiPagamento/DettaglioPagamento');
  b.text('payment.terms', child(blocks[0], 'CondizioniPagamento'));
  const firstWith = (local: string) => details.map((d) => child(d, local)).find((el) => textOf(el));
  b.text('payment.means_code', firstWith('ModalitaPagamento'));
  b.text('payment.reference', firstWith('CodicePagamento'));
  const dueEl = firstWith('DataScadenzaPagamento');
  if (b.date('due_date', dueEl)) b.date('payment.due_date', dueEl);
  b.amount('totals.payable', child(details[0], 'ImportoPagamento'));

  const seen = new Set<string>();
  for (const detail of details) {
    const ibanEl = child(detail, 'IBAN');
    const bicEl = child(detail, 'BIC');
    const iban = textOf(ibanEl)?.replace(/\s+/g, '').toUpperCase();
    const bic = textOf(bicEl)?.replace(/\s+/g, '').toUpperCase();
    if (!iban && !bic) continue;
    const key = `${iban ?? ''}|${bic ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const k = b.doc.payment.accounts.length;
    b.doc.payment.accounts.push({});
    if (iban) b.value(`payment.accounts.${k}.iban`, iban, ibanEl);
    if (bic) b.value(`payment.accounts.${k}.bic`, bic, bicEl);
    b.text(`payment.accounts.${k}.name`, child(detail, 'Beneficiario'));
  }
}

const REFERENCE_BLOCKS: Array<[string, string]> = [
  ['DatiOrdineAcquisto', 'order'],
  ['DatiContratto', 'contract'],
  ['DatiConvenzione', 'agreement'],
  ['DatiRicezione', 'receiving_advice'],
  ['DatiFattureCollegate', 'preceding_invoice'],
];

/** The first identifier of each kind of related document, and the CUP / CIG project codes. */
function readReferences(b: XmlDocumentBuilder, general: XmlElement | undefined): void {
  const refs = b.doc.references;
  for (const [local, key] of REFERENCE_BLOCKS) {
    for (const block of childrenOf(general, local)) {
      if (refs[key] === undefined) b.text(`references.${key}`, child(block, 'IdDocumento'));
      if (refs.project === undefined) b.text('references.project', child(block, 'CodiceCUP'));
      if (refs.tender === undefined) b.text('references.tender', child(block, 'CodiceCIG'));
    }
  }
  b.text('references.despatch_advice', find(general, 'DatiDDT/NumeroDDT'));
}

// Helpers shared by the FatturaPA readers (ordinary 1.2.x and semplificata 1.0): parties, addresses,
// the transmission header, document types and the checks for mandatory parts.
import { addDecimals, fromUnits, toUnits } from '../decimal.js';
import type { Document, DocumentType } from '../document.js';
import { ReadError } from '../errors.js';
import { XmlDocumentBuilder } from './builder.js';
import type { XmlElement } from './parse.js';
import { child, childrenOf, find, textOf } from './query.js';

export type PartyKey = 'seller' | 'buyer';

const TYPE_BY_CODE: Record<string, DocumentType> = {
  TD01: 'invoice',
  TD02: 'prepayment_invoice',
  TD03: 'prepayment_invoice',
  TD04: 'credit_note',
  TD05: 'debit_note',
  TD06: 'invoice',
  TD16: 'self_billed_invoice',
  TD17: 'self_billed_invoice',
  TD18: 'self_billed_invoice',
  TD19: 'self_billed_invoice',
  TD20: 'self_billed_invoice',
  TD24: 'invoice',
  TD25: 'invoice',
  TD26: 'invoice',
  TD27: 'invoice',
  // FatturaPA semplificata: fattura, nota di credito, nota di debito semplificata.
  TD07: 'invoice',
  TD08: 'credit_note',
  TD09: 'debit_note',
};

/** The Document type for a TipoDocumento code (TD01..TD28); 'other' for codes without a match. */
export function documentTypeOf(code: string | undefined): DocumentType {
  return (code && TYPE_BY_CODE[code.toUpperCase()]) || 'other';
}

/** Throws `missing_required_data` naming the element when it is absent. */
export function required(el: XmlElement | undefined, what: string): XmlElement {
  if (!el) throw new ReadError('missing_required_data', `${what} is missing`);
  return el;
}

/** IdPaese + IdCodice, uppercased, without white space; undefined without an IdCodice. */
export function vatIdOf(idFiscaleIva: XmlElement | undefined): string | undefined {
  const code = textOf(child(idFiscaleIva, 'IdCodice'));
  if (!code) return undefined;
  const country = textOf(child(idFiscaleIva, 'IdPaese')) ?? '';
  const id = `${country}${code}`.toUpperCase().replace(/\s+/g, '');
  return id || undefined;
}

/**
 * The name of a party from an element holding Denominazione, or Nome and Cognome (the
 * Anagrafica block of the ordinary format, the party block itself in the simplified one).
 */
export function readName(b: XmlDocumentBuilder, party: PartyKey, holder: XmlElement | undefined): void {
  const path = `${party}.name`;
  if (b.text(path, child(holder, 'Denominazione'))) return;
  const first = textOf(child(holder, 'Nome'));
  const last = textOf(child(holder, 'Cognome'));
  const name = [first, last].filter(Boolean).join(' ');
  if (name && holder) b.value(path, name, holder);
}

/** Sede (or StabileOrganizzazione): Indirizzo + NumeroCivico, CAP, Comune, Provincia, Nazione. */
export function readAddress(b: XmlDocumentBuilder, party: PartyKey, sede: XmlElement | undefined): void {
  if (!sede) return;
  const street = textOf(child(sede, 'Indirizzo'));
  const number = textOf(child(sede, 'NumeroCivico'));
  const line = [street, number].filter(Boolean).join(' ');
  const path = `${party}.address`;
  if (line) b.value(`${path}.lines.0`, line, child(sede, 'Indirizzo') ?? sede);
  b.text(`${path}.postcode`, child(sede, 'CAP'));
  b.text(`${path}.city`, child(sede, 'Comune'));
  b.text(`${path}.region`, child(sede, 'Provincia'));
  b.text(`${path}.country`, child(sede, 'Nazione'), (s) => s.toUpperCase());
  const address = b.doc[party].address;
  if (address) address.lines ??= [];
}

/** VAT id from IdFiscaleIVA, tax number from CodiceFiscale, both looked up under `holder`. */
export function readIds(b: XmlDocumentBuilder, path: PartyKey, holder: XmlElement | undefined): void {
  const idEl = child(holder, 'IdFiscaleIVA');
  const vat = vatIdOf(idEl);
  if (vat && idEl) b.value(`${path}.vat_id`, vat, idEl);
  b.text(`${path}.tax_number`, child(holder, 'CodiceFiscale'), (s) => s.toUpperCase().replace(/\s+/g, ''));
}

/**
 * The recipient's electronic address from DatiTrasmissione: the SdI code (CodiceDestinatario)
 * unless it is the placeholder for "none" (0000000) or for a foreign recipient (XXXXXXX), then the
 * PEC address (PECDestinatario) when there is one.
 */
export function readRecipientAddress(b: XmlDocumentBuilder, datiTrasmissione: XmlElement | undefined): void {
  const codeEl = child(datiTrasmissione, 'CodiceDestinatario');
  const code = textOf(codeEl);
  if (code && !/^0+$/.test(code) && !/^X+$/i.test(code)) {
    b.value('buyer.electronic_address.scheme', 'IT:SDI', codeEl);
    b.value('buyer.electronic_address.value', code, codeEl);
    return;
  }
  const pecEl = child(datiTrasmissione, 'PECDestinatario');
  const pec = textOf(pecEl);
  if (pec) {
    b.value('buyer.electronic_address.scheme', 'IT:PEC', pecEl);
    b.value('buyer.electronic_address.value', pec, pecEl);
  }
}

/** Contatti: Telefono, Email. */
export function readContact(b: XmlDocumentBuilder, path: PartyKey, contatti: XmlElement | undefined): void {
  b.text(`${path}.contact.phone`, child(contatti, 'Telefono'));
  b.text(`${path}.contact.email`, child(contatti, 'Email'));
}

/** The fields of DatiGeneraliDocumento every variant shares; throws when it or Divisa is absent. */
export function readGeneralData(
  b: XmlDocumentBuilder,
  body: XmlElement,
  index: number,
  count: number,
): XmlElement {
  const where = count > 1 ? ` in FatturaElettronicaBody ${index + 1}` : '';
  const dgd = required(find(body, 'DatiGenerali/DatiGeneraliDocumento'), `DatiGeneraliDocumento${where}`);
  const typeEl = child(dgd, 'TipoDocumento');
  const code = b.text('type_code', typeEl, (s) => s.toUpperCase());
  b.doc.type = documentTypeOf(code);
  const typeProvenance = b.doc.provenance.type_code;
  if (typeProvenance) b.doc.provenance.type = { ...typeProvenance };
  const currency = b.text('currency', child(dgd, 'Divisa'), (s) => s.toUpperCase());
  if (!currency) {
    throw new ReadError('missing_required_data', `DatiGeneraliDocumento/Divisa${where} is missing`);
  }
  b.date('issue_date', child(dgd, 'Data'));
  b.text('number', child(dgd, 'Numero'));
  return dgd;
}

/**
 * Sums decimals when every one of `values` is known (undefined when any is missing, or none),
 * written with as many decimals as the most precise term: 200.00 + 2.00 is 202.00.
 */
export function sumAll(values: Array<string | undefined>): string | undefined {
  if (!values.length || values.some((v) => v === undefined)) return undefined;
  const terms = values as string[];
  return withDecimals(addDecimals(terms), terms);
}

/** a - b, with as many decimals as the more precise of the two. */
export function subtractDecimals(a: string, b: string): string {
  return withDecimals(fromUnits(toUnits(a) - toUnits(b)), [a, b]);
}

/** `result` padded to as many decimals as the most precise of `terms` (at most six). */
export function withDecimals(result: string, terms: string[]): string {
  const places = Math.min(6, Math.max(...terms.map((t) => t.split('.')[1]?.length ?? 0)));
  const [int, frac = ''] = result.split('.');
  return places > frac.length ? `${int}.${frac.padEnd(places, '0')}` : result;
}

/**
 * A lot (several bodies) becomes one Document per body; the returned document is a copy of the
 * first with `bodies` holding all of them (a copy, so the result has no cycle and stays JSON).
 */
export function combineBodies(docs: Document[]): Document {
  const first = docs[0]!;
  if (docs.length === 1) return first;
  return { ...structuredClone(first), bodies: docs };
}

type HeaderReader = (b: XmlDocumentBuilder, root: XmlElement, header: XmlElement, seller: XmlElement) => void;
type BodyReader = (b: XmlDocumentBuilder, body: XmlElement, index: number, count: number) => void;

/**
 * Both FatturaPA forms: one header (parties) and one or more bodies, each body a Document of its
 * own with the header's parties; a lot returns the first with every body in `bodies`.
 */
export function readFatturaFile(
  root: XmlElement,
  syntax: string,
  readHeader: HeaderReader,
  readBody: BodyReader,
): Document {
  const header = required(child(root, 'FatturaElettronicaHeader'), 'FatturaElettronicaHeader');
  const seller = required(child(header, 'CedentePrestatore'), 'FatturaElettronicaHeader/CedentePrestatore');
  const bodies = childrenOf(root, 'FatturaElettronicaBody');
  if (!bodies.length) throw new ReadError('missing_required_data', 'FatturaElettronicaBody is missing');
  const docs = bodies.map((body, i) => {
    const b = new XmlDocumentBuilder(syntax, syntax);
    readHeader(b, root, header, seller);
    readBody(b, body, i, bodies.length);
    return b.doc;
  });
  return combineBodies(docs);
}

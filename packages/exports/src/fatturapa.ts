// FatturaPA 1.2.2 (FPR12, between private parties) written from the canonical document, for
// invoices with an Italian seller or buyer. Values the SdI requires and the document lacks (the
// recipient's code or PEC, the seller's Partita IVA and RegimeFiscale, complete addresses, a VAT
// rate or Natura per line) make the export fail naming each; nothing is made up or cut short.
import type { Document, Party } from '@invoice-reader/engine';
import { easScheme, linePrice } from './cii.js';
import { filledNote } from './company-profile.js';
import { safeFileName } from './file-names.js';
import { type ExportFile, type ExportJob, ExportRefused, type Refusal } from './input.js';
import { el, leaf, type Node, toXml } from './xml-writer.js';

const NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const TYPE_CODES: Partial<Record<Document['type'], string>> = {
  invoice: 'TD01',
  prepayment_invoice: 'TD02',
  credit_note: 'TD04',
  debit_note: 'TD05',
};
/** UNTDID 4461 payment means as FatturaPA ModalitaPagamento (the same means, FatturaPA's code). */
const MEANS: Record<string, string> = {
  '10': 'MP01',
  '20': 'MP02',
  '30': 'MP05',
  '31': 'MP05',
  '42': 'MP05',
  '58': 'MP05',
  '48': 'MP08',
  '54': 'MP08',
  '55': 'MP08',
  '49': 'MP19',
  '59': 'MP19',
};
/** Characters FatturaPA's Latin text types take (Basic Latin and Latin-1 Supplement). */
const LATIN = /^[\u0020-\u007e\u00a0-\u00ff\n\r\t]*$/;

/** Collects refusals while the XML is built, so one export lists everything missing at once. */
class Need {
  readonly refusals: Refusal[] = [];
  constructor(private readonly jobId: number) {}

  refuse(field: string, message: string): undefined {
    this.refusals.push({ job_id: this.jobId, field, message });
    return undefined;
  }

  /** A required value: refused when absent. */
  value(v: string | undefined, field: string, what: string): string | undefined {
    return v ? v : this.refuse(field, `${what}: not on the invoice`);
  }

  /**
   * A VAT id as IdFiscaleIVA holds it: IdPaese (two capital letters), IdCodice (1 to 28 letters or
   * digits). The id is what the invoice says, and anything else ("IT0123€4567890", a slash, a
   * quote) is refused rather than cleaned into some other company's number.
   */
  vatId(v: string | undefined, field: string, what: string): string | undefined {
    if (!v) return undefined;
    return /^[A-Z]{2}[A-Za-z0-9]{1,28}$/.test(v)
      ? v
      : this.refuse(field, `${what} "${v}" is not two capital letters and 1 to 28 letters or digits`);
  }

  /** Text FatturaPA limits to `max` Latin-1 characters: refused rather than cut or altered. */
  text(v: string | undefined, max: number, field: string, what: string): string | undefined {
    if (!v) return undefined;
    if (v.length > max) return this.refuse(field, `${what} is longer than FatturaPA's ${max} characters`);
    if (!LATIN.test(v))
      return this.refuse(field, `${what} has characters FatturaPA cannot hold (Latin-1 only)`);
    return v;
  }

  /** A decimal with `min`..`max` places: zeros added or dropped, never a digit that changes it. */
  decimal(v: string | undefined, min: number, max: number, field: string, what: string): string | undefined {
    if (v === undefined || v === '') return undefined;
    const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(v.trim());
    if (!m) return this.refuse(field, `${what} "${v}" is not a decimal`);
    const frac = (m[3] ?? '').replace(/0+$/, '');
    if (frac.length > max) return this.refuse(field, `${what} ${v} has more than ${max} decimals`);
    return `${m[1]}${m[2]}.${frac.padEnd(min, '0')}`;
  }
}

function idFiscaleIva(vat: string, name = 'IdFiscaleIVA'): Node {
  return el(name, [leaf('IdPaese', vat.slice(0, 2)), leaf('IdCodice', vat.slice(2))]);
}

function sede(p: Party, role: 'seller' | 'buyer', need: Need): Node {
  const a = p.address;
  const field = `${role}_address`;
  const postcode = need.value(a?.postcode, field, `CAP (${role} post code)`);
  return el('Sede', [
    leaf(
      'Indirizzo',
      need.text(need.value(a?.lines[0], field, `Indirizzo (${role} street)`), 60, field, 'Indirizzo'),
    ),
    leaf(
      'CAP',
      postcode && !/^\d{5}$/.test(postcode)
        ? need.refuse(field, `CAP (${role} post code) "${postcode}" is not five digits`)
        : postcode,
    ),
    leaf('Comune', need.text(need.value(a?.city, field, `Comune (${role} city)`), 60, field, 'Comune')),
    // Provincia is optional: written only as FatturaPA's two-letter code.
    leaf('Provincia', a?.region && /^[A-Z]{2}$/.test(a.region) ? a.region : undefined),
    leaf('Nazione', need.value(a?.country, field, `Nazione (${role} country)`)),
  ]);
}

function header(d: Document, job: ExportJob, need: Need): Node {
  const s = d.seller;
  const b = d.buyer;
  const sellerVat = need.vatId(
    need.value(s.vat_id, 'seller_vat_id', "IdFiscaleIVA (the seller's Partita IVA)"),
    'seller_vat_id',
    "IdFiscaleIVA (the seller's Partita IVA)",
  );
  need.vatId(b.vat_id, 'buyer_vat_id', "IdFiscaleIVA (the buyer's VAT id)");
  if (!b.vat_id && !b.tax_number)
    need.refuse('buyer_vat_id', 'IdFiscaleIVA or CodiceFiscale of the buyer: neither is on the invoice');
  // The SdI code and PEC address as a FatturaPA source gives them, or under their EAS schemes
  // (CODDEST 0205, iPA 0201, PEC 0202) as an EN 16931 invoice does.
  const address = b.electronic_address && {
    ...b.electronic_address,
    scheme: easScheme(b.electronic_address),
  };
  const sdi = address?.scheme === '0205' && /^[A-Z0-9]{7}$/.test(address.value) ? address.value : undefined;
  const pec = address?.scheme === '0202' ? address.value : undefined;
  // A recipient outside Italy has the code the SdI prescribes for it; an Italian one needs its own.
  const foreign = b.address?.country && b.address.country !== 'IT';
  const code = sdi ?? (pec ? '0000000' : foreign ? 'XXXXXXX' : undefined);
  if (!code && (address?.scheme === '0205' || address?.scheme === '0201'))
    need.refuse(
      'buyer_electronic_address',
      `CodiceDestinatario "${address.value}" is not a private recipient's 7-character code (a public administration's office code needs FPA12, which this export does not write)`,
    );
  else if (!code)
    need.refuse(
      'buyer_electronic_address',
      "CodiceDestinatario (the buyer's SdI code) or PECDestinatario: neither is on the invoice",
    );
  return el('FatturaElettronicaHeader', [
    el('DatiTrasmissione', [
      // The file is sent in the seller's name, numbered by the job it was written from.
      sellerVat ? idFiscaleIva(sellerVat, 'IdTrasmittente') : undefined,
      leaf('ProgressivoInvio', String(job.jobId).slice(-10)),
      leaf('FormatoTrasmissione', 'FPR12'),
      leaf('CodiceDestinatario', code),
      leaf('PECDestinatario', pec),
    ]),
    el('CedentePrestatore', [
      el('DatiAnagrafici', [
        sellerVat ? idFiscaleIva(sellerVat) : undefined,
        leaf('CodiceFiscale', s.tax_number),
        el('Anagrafica', [
          leaf(
            'Denominazione',
            need.text(
              need.value(s.name, 'seller_name', 'Denominazione (seller name)'),
              80,
              'seller_name',
              'Denominazione',
            ),
          ),
        ]),
        leaf(
          'RegimeFiscale',
          need.value(s.tax_regime, 'seller_tax_regime', "RegimeFiscale (the seller's tax regime)"),
        ),
      ]),
      sede(s, 'seller', need),
      s.contact?.phone || s.contact?.email
        ? el('Contatti', [
            leaf(
              'Telefono',
              s.contact.phone && /^[ -~]{5,12}$/.test(s.contact.phone) ? s.contact.phone : undefined,
            ),
            leaf(
              'Email',
              s.contact.email && /^.{7,256}$/.test(s.contact.email) ? s.contact.email : undefined,
            ),
          ])
        : undefined,
    ]),
    el('CessionarioCommittente', [
      el('DatiAnagrafici', [
        b.vat_id ? idFiscaleIva(b.vat_id) : undefined,
        leaf('CodiceFiscale', b.tax_number),
        el('Anagrafica', [
          leaf(
            'Denominazione',
            need.text(
              need.value(b.name, 'buyer_name', 'Denominazione (buyer name)'),
              80,
              'buyer_name',
              'Denominazione',
            ),
          ),
        ]),
      ]),
      sede(b, 'buyer', need),
    ]),
  ]);
}

function body(d: Document, need: Need): Node {
  const amount = (v: string | undefined, field: string, what: string) => need.decimal(v, 2, 2, field, what);
  const typeCode = /^TD\d\d$/.test(d.type_code ?? '') ? d.type_code : TYPE_CODES[d.type];
  const ref = (block: string, id: string | undefined) =>
    id
      ? el(block, [leaf('IdDocumento', need.text(id, 20, 'references', `IdDocumento of ${block}`))])
      : undefined;
  const account = d.payment.accounts.find((a) => a.iban) ?? d.payment.accounts[0];
  const means = d.payment.means_code;
  const modalita = means && (/^MP\d\d$/.test(means) ? means : MEANS[means]);
  if (means && !modalita)
    need.refuse('payment_means', `payment means code ${means} has no FatturaPA ModalitaPagamento`);
  const due = d.due_date ?? d.payment.due_date;
  if (!means && (account || due))
    need.refuse(
      'payment_means',
      'ModalitaPagamento (payment means) for the due date or account: not on the invoice',
    );
  const natura = (category: string | undefined, rate: string | undefined, field: string, what: string) => {
    if (category && /^N\d(\.\d)?$/.test(category)) return category;
    if (Number(rate) > 0) return undefined;
    return need.refuse(field, `Natura of ${what} (the reason for no VAT): not on the invoice`);
  };
  // FatturaPA's withholding (DatiRitenuta) and instalments are not kept by the reader: an amount
  // due they would explain is refused.
  const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
  const { payable, gross, prepaid } = d.totals;
  if (payable && gross && cents(payable) !== cents(gross) - cents(prepaid))
    need.refuse(
      'totals',
      `ImportoPagamento ${payable} differs from the total ${gross}: the withholding or instalments behind it are not kept`,
    );
  // Document-level allowances and charges (a discount, a fund contribution) are not written by this
  // export: refused rather than left out of the file.
  (d.allowances_charges ?? []).forEach((a, i) => {
    need.refuse(
      'allowances_charges',
      `document-level ${a.charge ? 'charge' : 'allowance'} ${i + 1}${a.reason ? ` (${a.reason})` : ''}: this export does not write document-level allowances or charges (ScontoMaggiorazione, DatiCassaPrevidenziale)`,
    );
  });
  return el('FatturaElettronicaBody', [
    el('DatiGenerali', [
      el('DatiGeneraliDocumento', [
        leaf(
          'TipoDocumento',
          typeCode ?? need.refuse('type', `document type ${d.type} has no FatturaPA TipoDocumento`),
        ),
        leaf('Divisa', need.value(d.currency, 'currency', 'Divisa (currency)')),
        leaf('Data', need.value(d.issue_date, 'invoice_date', 'Data (issue date)')),
        leaf(
          'Numero',
          need.text(
            need.value(d.number, 'invoice_no', 'Numero (invoice number)'),
            20,
            'invoice_no',
            'Numero',
          ),
        ),
        leaf('ImportoTotaleDocumento', amount(d.totals.gross, 'gross_amount', 'ImportoTotaleDocumento')),
        leaf('Arrotondamento', amount(d.totals.rounding, 'totals', 'Arrotondamento')),
        // A Causale holds 200 characters: a longer note continues in the next one.
        ...d.notes.flatMap((n) =>
          (n.match(/[\s\S]{1,200}/g) ?? []).map((part) =>
            leaf('Causale', need.text(part, 200, 'notes', 'Causale')),
          ),
        ),
      ]),
      ref('DatiOrdineAcquisto', d.references.order),
      ref('DatiContratto', d.references.contract),
      ref('DatiConvenzione', d.references.agreement),
      ref('DatiRicezione', d.references.receiving_advice),
      ref('DatiFattureCollegate', d.references.preceding_invoice),
    ]),
    el('DatiBeniServizi', [
      ...(d.lines.length ? d.lines : [need.refuse('lines', 'DettaglioLinee: the invoice has no lines')]).map(
        (l, i) => {
          if (!l) return undefined;
          const field = `lines.${i}`;
          const what = `line ${i + 1}`;
          // Without a unit price, what the line's total and quantity make it (linePrice); else refused.
          const price = linePrice(l) ?? need.refuse(field, `PrezzoUnitario of ${what}: not on the invoice`);
          return el('DettaglioLinee', [
            leaf('NumeroLinea', String(i + 1)),
            leaf(
              'Descrizione',
              need.text(
                need.value(l.description, field, `Descrizione of ${what}`),
                1000,
                field,
                'Descrizione',
              ),
            ),
            leaf('Quantita', need.decimal(l.quantity, 2, 8, field, `Quantita of ${what}`)),
            leaf('UnitaMisura', l.unit && l.unit.length <= 10 ? l.unit : undefined),
            leaf('PrezzoUnitario', need.decimal(price, 2, 8, field, `PrezzoUnitario of ${what}`)),
            leaf(
              'PrezzoTotale',
              need.decimal(
                need.value(l.net_amount, field, `PrezzoTotale of ${what}`),
                2,
                8,
                field,
                'PrezzoTotale',
              ),
            ),
            leaf(
              'AliquotaIVA',
              amount(
                need.value(l.vat_rate, field, `AliquotaIVA (VAT rate) of ${what}`),
                field,
                'AliquotaIVA',
              ),
            ),
            leaf('Natura', natura(l.vat_category, l.vat_rate, field, what)),
          ]);
        },
      ),
      ...(d.vat_breakdown.length
        ? d.vat_breakdown
        : [need.refuse('vat_breakdown', 'DatiRiepilogo: the VAT summary is not on the invoice')]
      ).map((v, i) => {
        if (!v) return undefined;
        const field = `vat_breakdown.${i}`;
        const what = `VAT summary ${i + 1}`;
        return el('DatiRiepilogo', [
          leaf(
            'AliquotaIVA',
            amount(need.value(v.rate, field, `AliquotaIVA of ${what}`), field, 'AliquotaIVA'),
          ),
          leaf('Natura', natura(v.category, v.rate, field, what)),
          leaf(
            'ImponibileImporto',
            amount(need.value(v.taxable, field, `ImponibileImporto of ${what}`), field, 'ImponibileImporto'),
          ),
          leaf('Imposta', amount(need.value(v.tax, field, `Imposta of ${what}`), field, 'Imposta')),
          leaf('RiferimentoNormativo', need.text(v.exemption_reason, 100, field, 'RiferimentoNormativo')),
        ]);
      }),
    ]),
    modalita
      ? el('DatiPagamento', [
          // TP01 instalments, TP02 one payment, TP03 advance: one payment unless the invoice says which.
          leaf('CondizioniPagamento', /^TP0[123]$/.test(d.payment.terms ?? '') ? d.payment.terms : 'TP02'),
          el('DettaglioPagamento', [
            leaf('Beneficiario', account?.name && account.name.length <= 200 ? account.name : undefined),
            leaf('ModalitaPagamento', modalita),
            leaf('DataScadenzaPagamento', due),
            leaf(
              'ImportoPagamento',
              amount(d.totals.payable ?? d.totals.gross, 'gross_amount', 'ImportoPagamento'),
            ),
            leaf('IBAN', account?.iban),
            leaf('BIC', account?.bic),
            leaf(
              'CodicePagamento',
              d.payment.reference && d.payment.reference.length <= 60 ? d.payment.reference : undefined,
            ),
          ]),
        ])
      : undefined,
  ]);
}

/** The SdI's name: IdPaese (two letters), IdCodice (1 to 28 letters and digits). */
const SDI_TRANSMITTER = /^([A-Za-z]{2})([A-Za-z0-9]{1,28})$/;

/**
 * The file's name by the SdI's rule, `<IdPaese><IdCodice>_<progressive>.xml`: the transmitter's
 * id (here the seller's, as DatiTrasmissione says) and a progressive of five letters or digits
 * (the job number's last five digits). The seller's id is what its invoice says, so its supplier's
 * to choose: when it is anything but two letters and 1 to 28 letters or digits (a space, `€`, a
 * quote, a slash, nothing), the name is `fatturapa-<job>.xml` instead. Stripping the other
 * characters would make up another VAT id (`0123€4567890` would name the file for `01234567890`,
 * perhaps someone else's), and such an IdCodice would not pass the SdI's checks anyway; a name
 * that is plainly not an SdI name says the file needs a look before it is sent.
 */
export function fatturaPaFilename(sellerVatId: string | undefined, jobId: number): string {
  const id = SDI_TRANSMITTER.exec(sellerVatId ?? '');
  const progressive = String(jobId).padStart(5, '0').slice(-5);
  return id && /^[A-Za-z0-9]{5}$/.test(progressive)
    ? `${id[1]}${id[2]}_${progressive}.xml`
    : `fatturapa-${safeFileName(String(jobId))}.xml`;
}

export function writeFatturaPa(job: ExportJob): ExportFile {
  const d = job.document;
  const need = new Need(job.jobId);
  if (d.seller.address?.country !== 'IT' && d.buyer.address?.country !== 'IT')
    need.refuse('seller_address', 'FatturaPA is for invoices with a seller or buyer in Italy: neither is');
  // A lot (several bodies in one file) is written as one: every invoice of it, one header.
  const root = el(
    'p:FatturaElettronica',
    [header(d, job, need), ...(d.bodies ?? [d]).map((b) => body(b, need))],
    {
      versione: 'FPR12',
      'xmlns:p': NS,
    },
  );
  if (need.refusals.length) throw new ExportRefused(need.refusals);
  return {
    filename: fatturaPaFilename(d.seller.vat_id, job.jobId),
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(toXml(root, filledNote(d)), 'utf8'),
  };
}

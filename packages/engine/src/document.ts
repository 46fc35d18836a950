// The canonical Document: one model of an invoice, whatever syntax or layer it was read from.
// Readers fill it; checks and the field projection read it. Plain data, serialisable as JSON.
// Dates are ISO `YYYY-MM-DD`; amounts are decimal strings with a dot (see decimal.ts).

export type DocumentType =
  | 'invoice'
  | 'credit_note'
  | 'corrected_invoice'
  | 'self_billed_invoice'
  | 'self_billed_credit_note'
  | 'prepayment_invoice'
  | 'partial_invoice'
  | 'debit_note'
  | 'other';

/** Where a value came from: which reader, and where in the file (XML path, or page and box). */
export interface Provenance {
  source: 'xml' | 'qr' | 'text' | 'ocr' | 'user';
  reader: string;
  path?: string;
  page?: number;
  bbox?: [number, number, number, number];
  confidence?: number;
}

export interface Address {
  lines: string[];
  city?: string;
  postcode?: string;
  region?: string;
  country?: string;
}

export interface Party {
  name?: string;
  trading_name?: string;
  address?: Address;
  vat_id?: string;
  tax_number?: string;
  legal_id?: string;
  /** The identification scheme of the legal id (ISO 6523 ICD, e.g. 0184 a Danish CVR number). */
  legal_id_scheme?: string;
  electronic_address?: { scheme?: string; value: string };
  contact?: { name?: string; phone?: string; email?: string };
  /** Italian tax regime (FatturaPA RegimeFiscale, RF01..RF19). */
  tax_regime?: string;
  /** Russian identifiers (decisions.md §1). */
  inn?: string;
  kpp?: string;
}

export interface BankAccount {
  iban?: string;
  /** A national account number where no IBAN is given (e.g. a Russian settlement account). */
  account?: string;
  bic?: string;
  bik?: string;
  name?: string;
}

export interface Payment {
  means_code?: string;
  accounts: BankAccount[];
  terms?: string;
  due_date?: string;
  reference?: string;
  /** With direct debit: the buyer's account the amount is taken from (never the seller's). */
  debtor_iban?: string;
  /** With direct debit: the seller's (bank-assigned) creditor identifier, BT-90. */
  creditor_id?: string;
  /** With direct debit: the mandate reference, BT-89. */
  mandate_reference?: string;
  /** A card payment's card (BG-18): the account number as printed (often only its last digits). */
  card?: { number?: string; network?: string; holder?: string };
}

export interface Totals {
  line_total?: string;
  allowances?: string;
  charges?: string;
  net?: string;
  vat?: string;
  gross?: string;
  prepaid?: string;
  rounding?: string;
  payable?: string;
}

export interface VatBreakdownEntry {
  category?: string;
  rate?: string;
  taxable?: string;
  tax?: string;
  exemption_reason?: string;
  /** The exemption reason as a code (EN 16931 BT-121, e.g. VATEX-EU-O). */
  exemption_code?: string;
}

/** A document-level allowance (EN 16931 BG-20) or charge (BG-21). */
export interface AllowanceCharge {
  /** A charge (BG-21) when true, an allowance (BG-20) when false. */
  charge: boolean;
  amount?: string;
  /** The amount the percentage applies to (BT-93, BT-100). */
  base?: string;
  percent?: string;
  vat_category?: string;
  vat_rate?: string;
  reason?: string;
  /** UNTDID 5189 (allowances) or 7161 (charges). */
  reason_code?: string;
}

export interface LineItem {
  id?: string;
  /** The line this one details (Factur-X EXTENDED sub-lines, `ParentLineID`). */
  parent_id?: string;
  description?: string;
  quantity?: string;
  unit?: string;
  unit_price?: string;
  /** The quantity the unit price is for (EN 16931 BT-149), where the invoice gives one. */
  price_base_quantity?: string;
  net_amount?: string;
  vat_category?: string;
  vat_rate?: string;
  /** The line's own allowances (BG-27) and charges (BG-28), included in its net amount. */
  allowances_charges?: AllowanceCharge[];
}

export interface Document {
  type: DocumentType;
  /** The code the document itself carried (UNTDID 1001 such as 380, or FatturaPA TD01). */
  type_code?: string;
  /** The syntax it was read from: cii, cii-zf1, ubl, fatturapa, fatturapa-simplified, ... */
  syntax: string;
  /** The specification or profile identifier, where the document names one. */
  profile?: string;
  number?: string;
  issue_date?: string;
  due_date?: string;
  delivery_date?: string;
  /** The invoicing period (EN 16931 BG-14), where the document gives one. */
  period?: { start?: string; end?: string };
  /** Where the goods or services went (BG-13 deliver-to name and BG-15 address), where given. */
  delivery?: { name?: string; address?: Address };
  currency?: string;
  seller: Party;
  buyer: Party;
  payee?: Party;
  payment: Payment;
  totals: Totals;
  vat_breakdown: VatBreakdownEntry[];
  /** Document-level allowances and charges, where the document has any. */
  allowances_charges?: AllowanceCharge[];
  lines: LineItem[];
  notes: string[];
  references: Record<string, string>;
  /** Provenance per dotted path of this object, e.g. `seller.vat_id` or `totals.gross`. */
  provenance: Record<string, Provenance>;
  /** FatturaPA lots: every body of the file, in order (the first is also this document). */
  bodies?: Document[];
}

export function emptyDocument(syntax: string): Document {
  return {
    type: 'invoice',
    syntax,
    seller: {},
    buyer: {},
    payment: { accounts: [] },
    totals: {},
    vat_breakdown: [],
    lines: [],
    notes: [],
    references: {},
    provenance: {},
  };
}

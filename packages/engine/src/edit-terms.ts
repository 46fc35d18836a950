// Values a person can enter for an export beyond the country's fields: business terms of EN 16931
// that an e-invoice needs and a received invoice often does not print (the buyer reference, the
// seller's contact, electronic addresses, ...). Each names where it goes in the Document and what
// kind of value it takes; edit.ts checks and applies them as it does fields.

export type TermKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'country'
  | 'electronic_address'
  | 'vat_id'
  | 'payment_means';

export interface DocumentTerm {
  /** The EN 16931 business term (BT-10, ...). */
  term: string;
  /** Where the value goes in the Document. */
  path: string;
  kind: TermKind;
}

export const DOCUMENT_TERMS: Readonly<Record<string, DocumentTerm>> = {
  buyer_reference: { term: 'BT-10', path: 'references.buyer_reference', kind: 'text' },
  order_reference: { term: 'BT-13', path: 'references.order', kind: 'text' },
  preceding_invoice: { term: 'BT-25', path: 'references.preceding_invoice', kind: 'text' },
  seller_contact_name: { term: 'BT-41', path: 'seller.contact.name', kind: 'text' },
  seller_contact_phone: { term: 'BT-42', path: 'seller.contact.phone', kind: 'phone' },
  seller_contact_email: { term: 'BT-43', path: 'seller.contact.email', kind: 'email' },
  seller_electronic_address: { term: 'BT-34', path: 'seller.electronic_address', kind: 'electronic_address' },
  seller_vat_id: { term: 'BT-31', path: 'seller.vat_id', kind: 'vat_id' },
  seller_legal_id: { term: 'BT-30', path: 'seller.legal_id', kind: 'text' },
  seller_city: { term: 'BT-37', path: 'seller.address.city', kind: 'text' },
  seller_postcode: { term: 'BT-38', path: 'seller.address.postcode', kind: 'text' },
  seller_country: { term: 'BT-40', path: 'seller.address.country', kind: 'country' },
  buyer_name: { term: 'BT-44', path: 'buyer.name', kind: 'text' },
  buyer_vat_id: { term: 'BT-48', path: 'buyer.vat_id', kind: 'vat_id' },
  buyer_electronic_address: { term: 'BT-49', path: 'buyer.electronic_address', kind: 'electronic_address' },
  buyer_street: { term: 'BT-50', path: 'buyer.address.lines.0', kind: 'text' },
  buyer_city: { term: 'BT-52', path: 'buyer.address.city', kind: 'text' },
  buyer_postcode: { term: 'BT-53', path: 'buyer.address.postcode', kind: 'text' },
  buyer_country: { term: 'BT-55', path: 'buyer.address.country', kind: 'country' },
  // The deliver-to place is the buyer's own: a deliver-to address printed without its city or
  // post code (XRechnung's BR-DE-10/11) is completed by the person who received the goods.
  delivery_city: { term: 'BT-77', path: 'delivery.address.city', kind: 'text' },
  delivery_postcode: { term: 'BT-78', path: 'delivery.address.postcode', kind: 'text' },
  payment_means: { term: 'BT-81', path: 'payment.means_code', kind: 'payment_means' },
  // UBL's card account names the card's network beside its number (BG-18); the payer knows it.
  card_network: { term: 'BG-18', path: 'payment.card.network', kind: 'text' },
  payment_terms: { term: 'BT-20', path: 'payment.terms', kind: 'text' },
  creditor_id: { term: 'BT-90', path: 'payment.creditor_id', kind: 'text' },
  mandate_reference: { term: 'BT-89', path: 'payment.mandate_reference', kind: 'text' },
};

export const isDocumentTerm = (key: string): boolean => Object.hasOwn(DOCUMENT_TERMS, key);

/** UNTDID 4461 payment means a person picks from (the ones invoices name most). */
export const PAYMENT_MEANS = ['58', '30', '31', '42', '49', '59', '10', '20', '48', '57', '68', '97', '1'];

const EMAIL = /^[^\s@<>()"]{1,64}@[^\s@<>()"]+\.[^\s@<>()"]{2,}$/;
/** A Leitweg-ID (German public buyers): coarse address, optional fine address, check digits. */
const LEITWEG_ID = /^\d{2,12}(-[A-Za-z0-9]{1,30})?-\d{2}$/;
/** An EAS scheme code (four digits, or the two letters of EM and its like) before the address. */
const SCHEME = /^(\d{4}|[A-Z]{2}):(.+)$/;

/**
 * An electronic address as typed: `0204:991-…` or `EM:x@y.de` (scheme and address), an e-mail
 * address (scheme EM), or a Leitweg-ID (scheme 0204); undefined for anything else.
 */
export function parseElectronicAddress(raw: string): { scheme: string; value: string } | undefined {
  const s = raw.trim();
  const m = SCHEME.exec(s);
  if (m) {
    const value = m[2]!.trim();
    if (!value || value.length > 200 || /\s/.test(value)) return undefined;
    if (m[1] === 'EM' && !EMAIL.test(value)) return undefined;
    return { scheme: m[1]!, value };
  }
  if (EMAIL.test(s)) return { scheme: 'EM', value: s };
  if (LEITWEG_ID.test(s)) return { scheme: '0204', value: s.toUpperCase() };
  return undefined;
}

/** ISO 3166 alpha-2, as Intl knows the regions. */
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
export const isCountryCode = (s: string): boolean => /^[A-Z]{2}$/.test(s) && regions.of(s) !== undefined;

export const isEmail = (s: string): boolean => s.length <= 254 && EMAIL.test(s);

/** A telephone number as printed: digits with `+ ( ) / . -` and spaces, at least three digits. */
export const isPhone = (s: string): boolean =>
  /^\+?[0-9 ()/.-]{3,30}$/.test(s) && (s.match(/\d/g)?.length ?? 0) >= 3;

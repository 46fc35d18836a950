// The account's company profile in an e-invoice export: a received invoice's buyer is the
// account's own business, so the buyer-side terms an invoice lacks (name, address, VAT id,
// electronic address BT-49, buyer reference BT-10) are taken from the profile, each marked as
// such in the document's provenance, in the file and in the answer. Seller-side values never are.
import { applyFieldEdits, countryOf, DOCUMENT_TERMS, type Document } from '@invoice-reader/engine';
import type { ExportJob } from './input.js';

/** The receiving business as the account describes it; '' is "not given". */
export interface CompanyProfile {
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
  vat_id: string;
  /** BT-49: `scheme:address`, an e-mail address or a Leitweg-ID. */
  electronic_address: string;
  /** BT-10: the default buyer reference (a public buyer's Leitweg-ID). */
  buyer_reference: string;
}

export const EMPTY_COMPANY_PROFILE: CompanyProfile = {
  name: '',
  street: '',
  postcode: '',
  city: '',
  country: '',
  vat_id: '',
  electronic_address: '',
  buyer_reference: '',
};

/** A value taken from outside the invoice: the business term, its key, and from where. */
export interface FilledTerm {
  term: string;
  key: string;
  source: 'profile' | 'user';
}

const PROFILE_READER = 'company-profile';
const norm = (s: string | undefined) => (s ?? '').replace(/[\s.-]/g, '').toUpperCase();

/**
 * The job with the buyer-side terms it lacks taken from `profile`, and which were taken. An
 * invoice whose buyer has another VAT id than the profile's is addressed to another business:
 * nothing is taken. An address is completed only in the profile's country.
 */
export function withCompanyProfile(job: ExportJob, profile: CompanyProfile | undefined): ExportJob {
  const country = countryOf(job.country);
  if (!profile || !country) return job;
  const d = job.document;
  const buyer = d.buyer;
  if (buyer.vat_id && profile.vat_id && norm(buyer.vat_id) !== norm(profile.vat_id)) return job;
  const a = buyer.address;
  const sameCountry = !a?.country || !profile.country || a.country === profile.country;
  const values: Record<string, string> = {};
  const take = (key: string, have: unknown, value: string, when = true) => {
    if (!have && value && when) values[key] = value;
  };
  take('buyer_name', buyer.name, profile.name);
  take('buyer_street', a?.lines?.[0], profile.street, sameCountry);
  take('buyer_postcode', a?.postcode, profile.postcode, sameCountry);
  take('buyer_city', a?.city, profile.city, sameCountry);
  take('buyer_country', a?.country, profile.country);
  // BR-O-02..04: an invoice not subject to VAT (category O) names no buyer VAT id.
  const notSubject = [
    ...d.lines.map((l) => l.vat_category),
    ...d.vat_breakdown.map((v) => v.category),
    ...(d.allowances_charges ?? []).map((a) => a.vat_category),
  ].includes('O');
  take('buyer_vat_id', buyer.vat_id, profile.vat_id, !notSubject);
  take('buyer_electronic_address', buyer.electronic_address?.value, profile.electronic_address);
  take('buyer_reference', d.references.buyer_reference, profile.buyer_reference);
  if (!Object.keys(values).length) return job;
  const edited = applyFieldEdits(d, values, country, undefined, PROFILE_READER);
  return {
    ...job,
    fields: edited.fields,
    fields_detailed: edited.fields_detailed,
    document: edited.document,
  };
}

/** The business terms of `doc` that came from the company profile or a person, not the invoice. */
export function filledTerms(doc: Document): FilledTerm[] {
  const out: FilledTerm[] = [];
  for (const [key, t] of Object.entries(DOCUMENT_TERMS)) {
    const prov = doc.provenance[t.path];
    if (prov?.source !== 'user') continue;
    out.push({ term: t.term, key, source: prov.reader === PROFILE_READER ? 'profile' : 'user' });
  }
  return out;
}

/** What an exported file says of values not read from the invoice (an XML comment's text). */
export function filledNote(doc: Document): string | undefined {
  const filled = filledTerms(doc);
  const list = (source: FilledTerm['source']) =>
    filled
      .filter((f) => f.source === source)
      .map((f) => f.term)
      .join(', ');
  const parts = [
    list('profile') && `taken from the receiving company's profile: ${list('profile')}`,
    list('user') && `entered by a person: ${list('user')}`,
  ].filter(Boolean);
  return parts.length ? `Not read from the invoice: ${parts.join('; ')}` : undefined;
}

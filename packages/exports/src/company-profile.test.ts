// The company profile fills the buyer-side terms an invoice lacks, says so in the file, and never
// touches the seller; an invoice addressed to another business (another VAT id) takes nothing.
// The fill-in form names what a person can still give, in their language.
import path from 'node:path';
import { shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyProfile, filledTerms, withCompanyProfile } from './company-profile.js';
import { fillInForm } from './fill-in.js';
import type { ExportJob, ExportRefused } from './input.js';
import { GERMAN_BUYER } from './test-support/buyer-profile.js';
import { jobOf, kositSuite } from './test-support/corpus-export.js';
import { haveSchemas } from './test-support/validate.js';
import { writeXrechnungCii } from './xrechnung-cii.js';

afterAll(() => shutdownWorkers());

const PROFILE: CompanyProfile = { ...GERMAN_BUYER, electronic_address: 'rechnungen@einkauf.example' };

describe.skipIf(!haveSchemas)('the company profile in an e-invoice export', () => {
  let job: ExportJob;
  beforeAll(async () => {
    job = (await jobOf(path.join(kositSuite, '01.01a-INVOICE_uncefact.xml')))!;
  });

  /** The job as a text read of it would be: no buyer details, reference or electronic address. */
  const bare = (): ExportJob => {
    const d = structuredClone(job.document);
    d.buyer = {};
    d.references = {};
    for (const p of Object.keys(d.provenance)) if (p.startsWith('buyer')) delete d.provenance[p];
    return { ...job, document: d };
  };

  it('takes the buyer-side terms the invoice lacks, and marks them in the document and the file', () => {
    const filled = withCompanyProfile(bare(), PROFILE);
    const d = filled.document;
    expect(d.buyer).toMatchObject({
      name: PROFILE.name,
      vat_id: 'DE136695976',
      electronic_address: { scheme: 'EM', value: 'rechnungen@einkauf.example' },
      address: { lines: ['Musterstraße 1'], postcode: '10115', city: 'Berlin', country: 'DE' },
    });
    expect(d.references.buyer_reference).toBe(PROFILE.buyer_reference);
    expect(filledTerms(d).map((f) => `${f.term}:${f.source}`)).toEqual(
      expect.arrayContaining(['BT-10:profile', 'BT-44:profile', 'BT-49:profile', 'BT-55:profile']),
    );
    // Nothing of the seller's.
    expect(d.seller).toEqual(job.document.seller);
    const xml = writeXrechnungCii(filled).bytes.toString('utf8');
    expect(xml.split('\n')[1]).toMatch(
      /^<!-- Not read from the invoice: taken from the receiving company's profile: .*BT-10/,
    );
    expect(xml).toContain(`<ram:BuyerReference>${PROFILE.buyer_reference}</ram:BuyerReference>`);
  });

  it('keeps what the invoice says and takes nothing for a buyer with another VAT id', () => {
    expect(withCompanyProfile(job, PROFILE).document.references.buyer_reference).toBe(
      job.document.references.buyer_reference,
    );
    const other = bare();
    other.document.buyer.vat_id = 'DE123456788';
    expect(withCompanyProfile(other, PROFILE)).toBe(other);
    expect(withCompanyProfile(other, undefined)).toBe(other);
  });

  it('asks a person for the seller-side terms in a form, in their language', () => {
    const noContact = bare();
    noContact.document.seller = { ...noContact.document.seller, contact: undefined };
    let refusals: ExportRefused['refusals'] = [];
    try {
      writeXrechnungCii(noContact);
    } catch (err) {
      refusals = (err as ExportRefused).refusals;
    }
    const de = fillInForm(refusals, 'de');
    expect(de.map((f) => f.key)).toEqual(
      expect.arrayContaining(['buyer_reference', 'seller_contact_email', 'buyer_electronic_address']),
    );
    expect(de.find((f) => f.key === 'seller_contact_email')).toMatchObject({
      term: 'BT-43',
      kind: 'email',
      label: 'E-Mail des Verkäufers',
    });
    expect(fillInForm(refusals, 'ru').find((f) => f.key === 'buyer_reference')?.label).toMatch(/^Референс/);
    // The profile gives the buyer's; the seller's contact is still asked for.
    const after = withCompanyProfile(noContact, PROFILE);
    try {
      writeXrechnungCii(after);
      expect.unreachable();
    } catch (err) {
      const keys = fillInForm((err as ExportRefused).refusals, 'en').map((f) => f.key);
      expect(keys).toEqual(['seller_contact_name', 'seller_contact_phone', 'seller_contact_email']);
    }
  });
});

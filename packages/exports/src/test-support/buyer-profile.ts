// The receiving business of the export tests and of scripts/export-corpus.ts: what a German user
// keeps in the account's company profile.
import type { CompanyProfile } from '../company-profile.js';

export const GERMAN_BUYER: CompanyProfile = {
  name: 'Beispiel Einkauf GmbH',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  vat_id: 'DE136695976',
  // Its Peppol participant id (the German VAT id scheme): XRechnung and Peppol both take it.
  electronic_address: '9930:DE136695976',
  buyer_reference: '04011000-1234512345-06',
};

// The supported countries for the account interface: names in the interface language asked for
// (Intl.DisplayNames, so no table of names to keep), field sets, formats and payment methods.
import type { AccountCountry as AccountCountrySchema, z } from '@invoice-reader/contract';
import { COUNTRIES, type Country, fieldsFor } from '@invoice-reader/engine';
import { langOf } from '../auth/texts.js';

type AccountCountry = z.infer<typeof AccountCountrySchema>;

/** How invoices of a country are paid, as far as the reader reads them. */
function paymentMethods(c: Country): string[] {
  if (c.code === 'CH' || c.code === 'LI') return ['swiss_qr_bill', 'bank_transfer_iban'];
  if (c.code === 'RU') return ['bank_transfer_ru'];
  if (c.code === 'US') return ['bank_transfer_us', 'card'];
  if (c.code === 'GB') return ['bank_transfer_iban', 'card'];
  return c.formats.includes('EPC QR')
    ? ['sepa_credit_transfer', 'epc_qr', 'sepa_direct_debit']
    : ['sepa_credit_transfer', 'sepa_direct_debit'];
}

export function presentCountry(c: Country, lang: string): AccountCountry {
  const names = new Intl.DisplayNames([langOf(lang)], { type: 'region' });
  return {
    code: c.code,
    name: names.of(c.code) ?? c.name,
    field_set: c.set,
    fields: fieldsFor(c),
    invoice_languages: c.languages,
    currency: c.currency,
    formats: c.formats,
    payment_methods: paymentMethods(c),
  };
}

export const allCountries = (lang: string): AccountCountry[] => COUNTRIES.map((c) => presentCountry(c, lang));

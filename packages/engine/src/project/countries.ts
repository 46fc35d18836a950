// The supported countries (decisions.md "Supported countries"): which field set each promises,
// the invoice languages, the usual currency and the structured formats met there. One table:
// the CLI, the service's /v1/countries and the field projection all read it.

export type FieldSetName = 'A' | 'B';

export interface Country {
  code: string;
  name: string;
  set: FieldSetName;
  languages: string[];
  currency: string;
  formats: string[];
}

const EN16931 = ['XRechnung', 'ZUGFeRD', 'Factur-X', 'UBL', 'Peppol BIS 3'];
const eu = (
  code: string,
  name: string,
  languages: string[],
  currency = 'EUR',
  formats = EN16931,
): Country => ({
  code,
  name,
  set: 'A',
  languages,
  currency,
  formats,
});

export const COUNTRIES: readonly Country[] = Object.freeze([
  eu('AT', 'Austria', ['de']),
  eu('BE', 'Belgium', ['nl', 'fr', 'de']),
  eu('BG', 'Bulgaria', ['bg']), // the euro since 1 January 2026
  eu('CY', 'Cyprus', ['el', 'en']),
  eu('CZ', 'Czechia', ['cs'], 'CZK'),
  eu('DE', 'Germany', ['de'], 'EUR', ['XRechnung', 'ZUGFeRD', 'Factur-X', 'UBL', 'Peppol BIS 3', 'EPC QR']),
  eu('DK', 'Denmark', ['da'], 'DKK'),
  eu('EE', 'Estonia', ['et']),
  eu('ES', 'Spain', ['es']),
  eu('FI', 'Finland', ['fi', 'sv']),
  eu('FR', 'France', ['fr'], 'EUR', ['Factur-X', 'ZUGFeRD', 'UBL', 'Peppol BIS 3']),
  eu('GR', 'Greece', ['el']),
  eu('HR', 'Croatia', ['hr']),
  eu('HU', 'Hungary', ['hu'], 'HUF'),
  eu('IE', 'Ireland', ['en']),
  eu('IT', 'Italy', ['it'], 'EUR', ['FatturaPA', 'UBL', 'Peppol BIS 3']),
  eu('LT', 'Lithuania', ['lt']),
  eu('LU', 'Luxembourg', ['fr', 'de']),
  eu('LV', 'Latvia', ['lv']),
  eu('MT', 'Malta', ['en', 'mt']),
  eu('NL', 'Netherlands', ['nl']),
  eu('PL', 'Poland', ['pl'], 'PLN'),
  eu('PT', 'Portugal', ['pt']),
  eu('RO', 'Romania', ['ro'], 'RON'),
  eu('SE', 'Sweden', ['sv'], 'SEK'),
  eu('SI', 'Slovenia', ['sl']),
  eu('SK', 'Slovakia', ['sk']),
  eu('CH', 'Switzerland', ['de', 'fr', 'it'], 'CHF', ['Swiss QR bill', 'ZUGFeRD', 'UBL']),
  eu('NO', 'Norway', ['no'], 'NOK', ['Peppol BIS 3', 'UBL']),
  eu('IS', 'Iceland', ['is'], 'ISK'),
  eu('LI', 'Liechtenstein', ['de'], 'CHF', ['Swiss QR bill', 'UBL']),
  eu('GB', 'United Kingdom', ['en'], 'GBP', ['Peppol BIS 3', 'UBL']),
  { code: 'US', name: 'United States', set: 'B', languages: ['en'], currency: 'USD', formats: ['UBL'] },
  { code: 'RU', name: 'Russia', set: 'B', languages: ['ru'], currency: 'RUB', formats: [] },
]);

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The country for a code in any case, or undefined when it is not supported. */
export function countryOf(code: string): Country | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

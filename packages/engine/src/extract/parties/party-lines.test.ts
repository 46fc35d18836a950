// The place line of an address in each country's form (lexicon/places.json), and what is never a
// name in an address window.
import { describe, expect, it } from 'vitest';
import {
  afterSalutation,
  isName,
  looksLikeName,
  namedByLegalForm,
  nameUpToLegalForm,
  placeOf,
  postcodeAlone,
  streetLine,
} from './party-lines.js';

describe('placeOf: a postcode and its town in the forms of lexicon/places.json', () => {
  it.each([
    ['99199 Musterhausen', { postcode: '99199', city: 'Musterhausen' }],
    ['DE 99199 Musterhausen', { postcode: '99199', city: 'Musterhausen', country: 'DE' }],
    ['DE-99199 Musterhausen', { postcode: '99199', city: 'Musterhausen', country: 'DE' }],
    ['75018 PARIS, FR', { postcode: '75018', city: 'PARIS', country: 'FR' }],
    ['8000 Zürich', { postcode: '8000', city: 'Zürich' }],
    ['60313 Frankfurt am Main', { postcode: '60313', city: 'Frankfurt am Main' }],
    ['  10115 Berlin  ', { postcode: '10115', city: 'Berlin' }],
    ['SW1A 1AA London', { postcode: 'SW1A 1AA', city: 'London', country: 'GB' }],
    ['M1 1AE Manchester', { postcode: 'M1 1AE', city: 'Manchester', country: 'GB' }],
    ['20121 Milano (MI)', { postcode: '20121', city: 'Milano' }],
    ['31000, Osijek', { postcode: '31000', city: 'Osijek' }],
    ['9510 - Arden', { postcode: '9510', city: 'Arden' }],
    ['75008, Paris,', { postcode: '75008', city: 'Paris' }],
    ['03802 ALCOI/ALCOY (ALICANTE)', { postcode: '03802', city: 'ALCOI/ALCOY' }],
    ['NL-3011AD Rotterdam', { postcode: '3011AD', city: 'Rotterdam', country: 'NL' }],
    ['CH-8000 Zürich', { postcode: '8000', city: 'Zürich', country: 'CH' }],
    ['L-1118 Luxembourg', { postcode: '1118', city: 'Luxembourg', country: 'LU' }],
    ['D-80331 München', { postcode: '80331', city: 'München', country: 'DE' }],
    ['1015 AA Amsterdam', { postcode: '1015 AA', city: 'Amsterdam', country: 'NL' }],
    ['110 00 Praha', { postcode: '110 00', city: 'Praha' }],
    ['120 00 Praha 2', { postcode: '120 00', city: 'Praha 2' }],
    ['010011 București', { postcode: '010011', city: 'București' }],
    ['Rīga, LV-1050', { postcode: '1050', city: 'Rīga', country: 'LV' }],
    ['Tartu 50090', { postcode: '50090', city: 'Tartu', country: 'EE' }],
    ['Варна 9000', { postcode: '9000', city: 'Варна', country: 'BG' }],
    ['London EC1A 1BB', { postcode: 'EC1A 1BB', city: 'London', country: 'GB' }],
    ['Cork T12 R5CP', { postcode: 'T12 R5CP', city: 'Cork', country: 'IE' }],
    ['Dublin 2 D02 X285', { postcode: 'D02 X285', city: 'Dublin 2', country: 'IE' }],
  ])('reads %s', (text, place) => {
    expect(placeOf(text)).toEqual(place);
  });

  it('gives no country key without a country', () => {
    expect(placeOf('8000 Zürich')).not.toHaveProperty('country');
  });

  it('reads no place from a label and its number, nor from other lines', () => {
    for (const text of ['Invoice 12345', 'Rechnung 20260', 'Arve 50090', 'Hauptstraße 12', 'Tel. 0301 2345'])
      expect(placeOf(text), text).toBeUndefined();
  });

  it('knows a British or an Irish postcode standing alone', () => {
    expect(postcodeAlone('EH1 1YZ')).toBe('GB');
    expect(postcodeAlone('D02 X285')).toBe('IE');
    expect(postcodeAlone('H91 E2K3')).toBe('IE');
    expect(postcodeAlone('12345')).toBeUndefined();
  });
});

describe('isName: a name in an address window', () => {
  it('is no contact line with an e-mail or web address, nor a line with a long number', () => {
    expect(isName('Sähköposti info@firma.fi')).toBe(false);
    expect(isName('www.firma.fi')).toBe(false);
    expect(isName('Kunde 123456')).toBe(false);
    expect(isName('Laine Sähkö Ky')).toBe(true);
  });
});

describe('afterSalutation: the name after a salutation on its line', () => {
  it.each([
    ['Mevrouw M.S. Post', 'M.S. Post'],
    ['M DE LATTRE ALEXIS', 'DE LATTRE ALEXIS'],
    ['MLLE DUPONT CLAIRE', 'DUPONT CLAIRE'],
    ['MME DURAND ELISA', 'DURAND ELISA'],
    // A lone M opens a name in small letters or of one more word: the name's own.
    ['M Plus Consulting', undefined],
    ['M DUPONT', undefined],
    ['MS Solutions', undefined],
  ])('%s', (text, name) => {
    expect(afterSalutation(text)).toBe(name);
  });
});

describe('isName: what is never a name', () => {
  it("takes no barcode font's text (control characters among its letters) for a name", () => {
    expect(isName('jg\u0007\u001a<T\u001a\u0001"\\\u0001\'')).toBe(false);
    expect(isName('MECANIZADOS SINC, S.L.')).toBe(true);
    // Nor a page counter, however abbreviated ("Pag. 1/2").
    expect(isName('Pag. 1/2')).toBe(false);
    // Nor the heading of a page column alone, in a row of headings beside the customer's.
    expect(isName('PAGE')).toBe(false);
    expect(isName('Seite')).toBe(false);
    // Nor a template's placeholder for an address line left in the customer's block.
    for (const text of ['Street Address', 'Address line 1', 'Address 2'])
      expect(isName(text), text).toBe(false);
    expect(isName('Address Solutions Ltd')).toBe(true);
  });

  it('takes no payment instruction cut before its payee for a name ("Überweisung an", "Payable to")', () => {
    for (const text of ['Überweisung an', 'Payable to', 'Paiement à']) expect(isName(text), text).toBe(false);
    expect(isName('Studio Otto')).toBe(true);
  });
});

describe('looksLikeName: a registration line is no name (lexicon registration_words)', () => {
  it('knows the register lines of every language the lexicon names, not only the German and French', () => {
    for (const text of [
      'KvK 12345678',
      'Registro Imprese Milano 1234567',
      'Company No. 01234567',
      'Registered in England 01234567',
      'KRS 0000123456',
      'Handelsregisternummer HRB 1234',
      'SIRET 123 456 789 00012',
    ])
      expect(looksLikeName(text), text).toBe(false);
    expect(looksLikeName('Kvikk Regnskap AS')).toBe(true);
    expect(looksLikeName('Company Store GmbH')).toBe(true);
  });
});

describe('namedByLegalForm: a company named by its legal form', () => {
  it.each([
    ['Müller & Partner OG', true],
    ['ACME AS Oslo', true],
    ['Finns Auto-Service ApS', true],
    ['nordic tools as', true],
    // A form's letters as a word of another language, in small letters inside the text.
    ['Solgt Højre og venstre forhjulsleje', false],
    ['Beskrivelse as follows', false],
  ])('%s', (text, named) => {
    expect(namedByLegalForm(text)).toBe(named);
  });
});

describe('streetLine: street words of further languages', () => {
  it.each([
    ['C/ MAYOR 2 - LOCAL', true],
    ['Camino del Molino 2', true],
    ['Str. Viorelelor, nr. 13', true],
    ['ul. Sadowa 1', true],
    ['Strada', false],
  ])('%s: %s', (text, street) => {
    expect(streetLine(text)).toBe(street);
  });

  it('knows a cooperative’s and a Polish company’s legal form', () => {
    expect(namedByLegalForm('LA CONSERVERA DEL EJEMPLO, S.COOP.P')).toBe(true);
    expect(namedByLegalForm('odpowiedzialnością Sp.k')).toBe(true);
  });

  it('cuts a name after its legal form where its street follows without a number', () => {
    expect(nameUpToLegalForm('Esempio S.p.A. Via dei Mille')).toBe('Esempio S.p.A.');
    expect(nameUpToLegalForm('Via Roma S.r.l.')).toBe('Via Roma S.r.l.');
  });
});

// The business terms a person gives for an export are checked by kind and kept in the Document as
// a person's edit (source `user`), like a field's correction; a profile's values say so.
import { describe, expect, it } from 'vitest';
import { emptyDocument } from './document.js';
import { applyFieldEdits, checkDocumentTerm, checkFieldValue } from './edit.js';
import { parseElectronicAddress } from './edit-terms.js';
import { countryOf } from './project/countries.js';

const de = countryOf('DE')!;

describe('business terms as edits', () => {
  it('checks each kind and says what it wants', () => {
    expect(checkFieldValue('buyer_reference', ' 991-12345-67 ', de)).toEqual({ value: '991-12345-67' });
    expect(checkFieldValue('seller_contact_email', 'a@b.de', de)).toEqual({ value: 'a@b.de' });
    expect(checkFieldValue('seller_contact_email', 'not mail', de)).toMatchObject({ kind: 'email' });
    expect(checkFieldValue('seller_contact_phone', '+49 (30) 123-45', de)).toEqual({
      value: '+49 (30) 123-45',
    });
    expect(checkFieldValue('seller_contact_phone', 'call us', de)).toMatchObject({ kind: 'phone' });
    expect(checkFieldValue('buyer_country', 'de', de)).toEqual({ value: 'DE' });
    expect(checkFieldValue('buyer_country', 'XQ', de)).toMatchObject({ kind: 'country' });
    expect(checkFieldValue('buyer_vat_id', 'DE 136 695 976', de)).toEqual({ value: 'DE136695976' });
    expect(checkFieldValue('buyer_vat_id', 'DE123', de)).toMatchObject({ kind: 'vat_id' });
    expect(checkFieldValue('payment_means', '58', de)).toEqual({ value: '58' });
    expect(checkFieldValue('payment_means', 'cash', de)).toMatchObject({ kind: 'payment_means' });
    expect(checkFieldValue('no_such_term', 'x', de)).toMatchObject({ kind: 'unknown_field' });
    expect(checkDocumentTerm('invoice_no', 'x')).toMatchObject({ kind: 'unknown_field' });
  });

  it('reads an electronic address as scheme and address', () => {
    expect(parseElectronicAddress('rechnung@firma.de')).toEqual({ scheme: 'EM', value: 'rechnung@firma.de' });
    expect(parseElectronicAddress('04011000-1234512345-06')).toEqual({
      scheme: '0204',
      value: '04011000-1234512345-06',
    });
    expect(parseElectronicAddress('0088:4000001000005')).toEqual({ scheme: '0088', value: '4000001000005' });
    expect(parseElectronicAddress('EM:nomail')).toBeUndefined();
    expect(parseElectronicAddress('somewhere')).toBeUndefined();
    expect(checkFieldValue('buyer_electronic_address', 'x@y.de', de)).toEqual({ value: 'EM:x@y.de' });
  });

  it('writes the values into the Document as a person’s, an address part into an address', () => {
    const doc = emptyDocument('text');
    const edited = applyFieldEdits(
      doc,
      {
        buyer_reference: '991-12345-67',
        buyer_electronic_address: 'EM:x@y.de',
        seller_city: 'Köln',
        buyer_name: 'Käufer GmbH',
      },
      de,
    );
    const d = edited.document;
    expect(d.references.buyer_reference).toBe('991-12345-67');
    expect(d.buyer.electronic_address).toEqual({ scheme: 'EM', value: 'x@y.de' });
    expect(d.seller.address).toEqual({ lines: [], city: 'Köln' });
    expect(d.provenance['references.buyer_reference']).toMatchObject({ source: 'user', reader: 'edit' });
    // buyer_name is a field of set A too: it shows as a person's.
    expect(edited.fields.buyer_name).toBe('Käufer GmbH');
    expect(edited.fields_detailed.find((f) => f.key === 'buyer_name')).toMatchObject({ edited: true });
    // The original is left as it was.
    expect(doc.references).toEqual({});
    const fromProfile = applyFieldEdits(doc, { buyer_reference: 'R' }, de, undefined, 'company-profile');
    expect(fromProfile.document.provenance['references.buyer_reference']).toMatchObject({
      source: 'user',
      reader: 'company-profile',
    });
  });

  it('keeps a whole address and its parts, in whichever order they come', () => {
    const doc = emptyDocument('text');
    const a = applyFieldEdits(doc, { seller_city: 'Köln', seller_address: 'Domplatz 1' }, de).document;
    expect(a.seller.address).toEqual({ lines: ['Domplatz 1'], city: 'Köln' });
  });

  it('completes a deliver-to address, or starts one with its lines, and names a card network', () => {
    const doc = emptyDocument('xml');
    doc.delivery = { name: 'Lager Nord', address: { lines: ['Hafenweg 2'], country: 'SE' } };
    const d = applyFieldEdits(doc, { delivery_postcode: '111 22', delivery_city: 'Stockholm' }, de).document;
    expect(d.delivery).toEqual({
      name: 'Lager Nord',
      address: { lines: ['Hafenweg 2'], country: 'SE', postcode: '111 22', city: 'Stockholm' },
    });
    expect(d.provenance['delivery.address.postcode']).toMatchObject({ source: 'user', reader: 'edit' });
    // Without a deliver-to party, the address starts with its (empty) lines, as a writer expects.
    const bare = applyFieldEdits(emptyDocument('text'), { delivery_city: 'Köln' }, de).document;
    expect(bare.delivery).toEqual({ address: { lines: [], city: 'Köln' } });
    doc.payment.card = { number: '1234' };
    expect(applyFieldEdits(doc, { card_network: 'VISA' }, de).document.payment.card).toEqual({
      number: '1234',
      network: 'VISA',
    });
  });
});

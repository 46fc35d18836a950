// Label dictionaries: matchLabel finds a field's label at the start of a text and says where its
// value begins; matchHeading tells party headings from other text. Which field wins when several
// labels match one segment (the longest) is decided in text-invoice's labelHits, tested here too.
import { describe, expect, it } from 'vitest';
import { matchHeading, misreadHeading } from '../parties/party-headings.js';
import { labelHits } from './label-hits.js';
import { type FieldLabel, matchLabel, normalizeLabelText } from './labels.js';
import type { LayoutLine, LayoutPage } from './layout.js';
import { segmentPage } from './layout.js';

/** What follows the label: the text from matchLabel's offset on (undefined without a label). */
function valueAfter(text: string, field: FieldLabel): string | undefined {
  const end = matchLabel(text, field);
  return end === undefined ? undefined : text.slice(end);
}

describe('normalizeLabelText', () => {
  it('lowers case, folds typographic quotes and dashes, and runs of whitespace', () => {
    expect(normalizeLabelText('  Rechnungs\u2013Nr.\u2019  X\t\nY ')).toBe("rechnungs-nr.' x y");
    expect(normalizeLabelText('Kunden\u2010Nr.\u00a0\u00a012')).toBe('kunden-nr. 12');
  });

  it('keeps accents and non-Latin letters', () => {
    expect(normalizeLabelText('FÄLLIGKEIT Échéance СЧЁТ')).toBe('fälligkeit échéance счёт');
  });

  it('reads a $ before a letter as the S OCR took it for, and leaves a $ before a number', () => {
    expect(normalizeLabelText('$teuerbetrag in EUR')).toBe('steuerbetrag in eur');
    expect(normalizeLabelText('Total $ 100 / $100')).toBe('total $ 100 / $100');
    expect(valueAfter('$teuerbetrag in EUR 1,12', 'vat')).toBe('in EUR 1,12');
  });
});

describe('matchLabel', () => {
  it.each<[string, FieldLabel, string]>([
    // de
    ['Rechnungsnummer: 4711', 'invoice_no', '4711'],
    ['Rechnungs-Nr. 4711', 'invoice_no', '4711'],
    ['Rechnung Nr. RE-5', 'invoice_no', 'RE-5'],
    ['Rechnungsdatum: 14.03.2024', 'invoice_date', '14.03.2024'],
    ['Liefer- und Rechnungsdatum: 11. Juli 2014', 'invoice_date', '11. Juli 2014'],
    ['Ausstellungsdatum: 2019-08-23', 'invoice_date', '2019-08-23'],
    // German with its umlauts spelled out, as a template without them writes it.
    ['Faelligkeitsdatum: 15.02.2024', 'due_date', '15.02.2024'],
    [
      'Mjesto, datum i vrijeme izdavanja: Čepin, 01.01.2026. u 20:00',
      'invoice_date',
      'Čepin, 01.01.2026. u 20:00',
    ],
    ['Fällig am 01.02.2024', 'due_date', '01.02.2024'],
    ['Fälligkeitstag: 01.04.2014', 'due_date', '01.04.2014'],
    ['zuzüglich 19% MwSt. 160,55', 'vat', '160,55'],
    ['zzgl. 7,0 % USt. 11,20', 'vat', '11,20'],
    ['Zahlbar bis 28.03.2024', 'due_date', '28.03.2024'],
    ['Nettobetrag 100,00 €', 'net', '100,00 €'],
    ['Gesamtbetrag 119,00 €', 'gross', '119,00 €'],
    ['USt 19 % 19,00 €', 'vat', '19 % 19,00 €'],
    ['Steuernummer: 12/345/67890', 'tax_number', '12/345/67890'],
    ['Zahlbetrag: 119,00', 'payable', '119,00'],
    // en
    ['Invoice No. 42', 'invoice_no', '42'],
    ['Invoice number: INV-7', 'invoice_no', 'INV-7'],
    ['Invoice # 99', 'invoice_no', '99'],
    ['Invoice date: 2024-03-14', 'invoice_date', '2024-03-14'],
    ['Issuing Date: 2019-08-23', 'invoice_date', '2019-08-23'],
    ['Due date: 2024-04-14', 'due_date', '2024-04-14'],
    ['Amount due 120.00', 'gross', '120.00'],
    ['Balance due: 120.00', 'payable', '120.00'],
    ['Total without VAT 43 EUR', 'net', '43 EUR'],
    ['Total before tax: 43.00', 'net', '43.00'],
    ['Total (excl. GST) 43.00', 'net', '43.00'],
    ['Amount before tax 43.00', 'net', '43.00'],
    ['Pre-tax total 43.00', 'net', '43.00'],
    ['C.F./P.Iva 13255720966', 'vat_id', '13255720966'],
    // pl
    ['Kwota należności ogółem: 17 115,45PLN', 'gross', '17 115,45PLN'],
    ['Kwota podatku 3 200,45', 'vat', '3 200,45'],
    ['Nazwa: ABC Developex S.A.', 'name', 'ABC Developex S.A.'],
    // fr
    ['Montant total HT 972,00', 'net', '972,00'],
    ['Montant total TVA 194,40', 'vat', '194,40'],
    ['Montant à régler 1 166,40', 'payable', '1 166,40'],
    ['Nom du vendeur: ACME SAS', 'name', 'ACME SAS'],
    ['N° de facture : F-1', 'invoice_no', 'F-1'],
    ['Facture n° 2024-015', 'invoice_no', '2024-015'],
    ['Date de facture : 01/02/2024', 'invoice_date', '01/02/2024'],
    ['Total HT 100,00', 'net', '100,00'],
    ['Total TTC 120,00', 'gross', '120,00'],
    ['N° TVA intracommunautaire : FR40303265045', 'vat_id', 'FR40303265045'],
    // it
    ['Numero fattura 12', 'invoice_no', '12'],
    ['Fattura n. 12/2024', 'invoice_no', '12/2024'],
    ['Data fattura: 01/02/2024', 'invoice_date', '01/02/2024'],
    ['Partita IVA: IT01234567897', 'vat_id', 'IT01234567897'],
    ['Totale documento 122,00', 'gross', '122,00'],
    // nl
    ['Factuurnummer: 2024-1', 'invoice_no', '2024-1'],
    ['Factuurdatum 01-02-2024', 'invoice_date', '01-02-2024'],
    ['BTW-nummer: NL810433941B01', 'vat_id', 'NL810433941B01'],
    ['Te betalen 121,00', 'payable', '121,00'],
    // ru
    ['Счёт № 15', 'invoice_no', '15'],
    ['Счет-фактура № 15', 'invoice_no', '15'],
    ['Дата счёта 01.02.2024', 'invoice_date', '01.02.2024'],
    ['Итого с НДС 1 200,00', 'gross', '1 200,00'],
    ['Сумма без НДС: 1 000,00', 'net', '1 000,00'],
    // es
    ['I.V.A. 12,60 €', 'vat', '12,60 €'],
    ['Número de factura: A-15', 'invoice_no', 'A-15'],
    ['Factura Nº 2024-117', 'invoice_no', '2024-117'],
    ['Nº Factura: 2024-117', 'invoice_no', '2024-117'],
    // the same as English-only OCR reads it
    ['Factura N@ 2024-117', 'invoice_no', '2024-117'],
    ['Factura N2 2024-117', 'invoice_no', '2024-117'],
    // sv (the payment reference that is the invoice's number too)
    ['OCR/Fakturanummer 1499993040', 'invoice_no', '1499993040'],
    ['Fakturanummer/OCR: 1499993040', 'invoice_no', '1499993040'],
    ['Avrundning 0,50', 'rounding', '0,50'],
    // nl (SAP's Dutch form), it, de
    ['BTW plichtig bedrag 554,82', 'net', '554,82'],
    ['Af te dragen BTW 21,00 % 116,51', 'vat', '21,00 % 116,51'],
    ['Rekeningsbedrag 671,33', 'gross', '671,33'],
    ['TOTALE NOSTRO AVERE 3.206,40', 'payable', '3.206,40'],
    ['Firmenname: EntServ GmbH', 'name', 'EntServ GmbH'],
    // el, set in capitals without its accents
    ['ΗΜΕΡΟΜΗΝΙΑ: 31/01/2020', 'invoice_date', '31/01/2020'],
    ['Ημερομηνία: 31/01/2020', 'invoice_date', '31/01/2020'],
    ['ΚΑΘΑΡΗ ΑΞΙΑ: 1 710,00', 'net', '1 710,00'],
    // de, cs
    ['Endsumme EUR 51,26', 'gross', 'EUR 51,26'],
    ['incl. MwSt. 8,18', 'vat_included', '8,18'],
    // "of which VAT" under a total: pl, nl, cs, sv, da, no
    ['w tym VAT 736,00 zł', 'vat_included', '736,00 zł'],
    ['waarvan btw 21,00', 'vat_included', '21,00'],
    ['z toho DPH 210,00', 'vat_included', '210,00'],
    ['varav moms 25,00', 'vat_included', '25,00'],
    ['heraf moms 25,00', 'vat_included', '25,00'],
    ['herav mva 25,00', 'vat_included', '25,00'],
    ['Zaokrouhlení -0,20', 'rounding', '-0,20'],
    // an equals sign after the label, as a program's plain text writes it
    ['Total = £319', 'gross', '£319'],
  ])('%s: %s, value %s', (text, field, value) => {
    expect(valueAfter(text, field)).toBe(value);
  });

  it('skips a short parenthesised qualifier and the colon after the label', () => {
    expect(valueAfter('Rechnungsdatum (Leistung): 1.1.2024', 'invoice_date')).toBe('1.1.2024');
    expect(valueAfter('Rechnungsnummer #4711', 'invoice_no')).toBe('4711');
  });

  it('maps the offset back to the original text when whitespace was folded', () => {
    expect(valueAfter('  Rechnungsnummer   4711', 'invoice_no')).toBe('4711');
    expect(valueAfter('Rechnungsnummer:\t\t4711', 'invoice_no')).toBe('4711');
    expect(valueAfter('Invoice   number:   INV-7', 'invoice_no')).toBe('INV-7');
    expect(valueAfter('Rechnungs\u2011Nr.\u00a04711', 'invoice_no')).toBe('4711');
  });

  it('is case-insensitive', () => {
    expect(valueAfter('RECHNUNGSNUMMER: 4711', 'invoice_no')).toBe('4711');
    expect(valueAfter('invoice no. 42', 'invoice_no')).toBe('42');
  });

  it('returns the full length for a label standing alone', () => {
    expect(matchLabel('Nettobetrag', 'net')).toBe('Nettobetrag'.length);
    expect(matchLabel('IBAN:', 'iban')).toBe('IBAN:'.length);
  });

  it('does not match a label inside other text', () => {
    expect(matchLabel('Straße Nr. 5', 'invoice_no')).toBeUndefined();
    expect(matchLabel('Hauptstraße Nr. 5', 'invoice_no')).toBeUndefined();
    expect(matchLabel('Ihre Rechnungsnummer: 4711', 'invoice_no')).toBeUndefined();
    expect(matchLabel('Bitte geben Sie die Rechnungsnummer an', 'invoice_no')).toBeUndefined();
    expect(matchLabel('Factura N2024-117', 'invoice_no')).toBeUndefined();
  });

  it('does not match a label that is only the start of a longer word', () => {
    expect(matchLabel('Datumsangabe 1.1.2024', 'invoice_date')).toBeUndefined();
    expect(matchLabel('Totally 12,00', 'gross')).toBeUndefined();
    expect(matchLabel('Ibanez 12', 'iban')).toBeUndefined();
    expect(matchLabel('Nettogewicht 12 kg', 'net')).toBeUndefined();
  });

  it('does not take a label of one field for another', () => {
    expect(matchLabel('Rechnungsnummer: 4711', 'invoice_date')).toBeUndefined();
    // "Total" alone names the gross, but "Total HT" is the longer, net label.
    expect(matchLabel('Total HT 100,00', 'net')!).toBeGreaterThan(matchLabel('Total HT 100,00', 'gross')!);
    expect(matchLabel('Käufer-IBAN: DE02 1203 0000 0000 2020 51', 'iban')).toBeUndefined();
  });

  it('reads the Nordic net "without VAT" and the Swedish amount to pay', () => {
    expect(valueAfter('Belopp utan moms: 10500 kr', 'net')).toBe('10500 kr');
    expect(valueAfter('Sum uten mva 800,00', 'net')).toBe('800,00');
    expect(valueAfter('Beløb uden moms 800,00', 'net')).toBe('800,00');
    expect(valueAfter('Belopp att betala: 13125 kr', 'payable')).toBe('13125 kr');
  });

  it('reads German "Erstellt" and "Erstellt am" as the invoice date', () => {
    expect(valueAfter('ERSTELLT: 15 JULI 2023', 'invoice_date')).toBe('15 JULI 2023');
    expect(valueAfter('Erstellt am 15.07.2023', 'invoice_date')).toBe('15.07.2023');
  });

  it('reads the tax base and the total VAT in Croatian and Serbian ("Porezna osnovica", "Ukupan PDV")', () => {
    expect(valueAfter('Porezna osnovica: 1560,00', 'net')).toBe('1560,00');
    expect(valueAfter('Poreska osnovica: 1560.0', 'net')).toBe('1560.0');
    expect(valueAfter('Ukupan PDV: 156.0', 'vat')).toBe('156.0');
  });

  it('reads the Nordic "Dokumentdato" as the invoice date', () => {
    expect(valueAfter('Dokumentdato: 08.03.2019', 'invoice_date')).toBe('08.03.2019');
    expect(valueAfter('Dokumentdatum 2019-03-08', 'invoice_date')).toBe('2019-03-08');
  });

  it('reads French "Montant facturé" as the total', () => {
    expect(valueAfter('Montant facturé : 36,98 €', 'gross')).toBe('36,98 €');
  });

  it('names the seller side of a labelled account', () => {
    expect(valueAfter('Verkäufer-IBAN: DE89 3704', 'iban')).toBe('DE89 3704');
    expect(valueAfter('Beneficiary BIC: COBADEFFXXX', 'bic')).toBe('COBADEFFXXX');
  });
});

describe('matchHeading', () => {
  it.each<[string, 'seller' | 'buyer' | 'other']>([
    ['Verkäufer:', 'seller'],
    ['Verkäufer', 'seller'],
    ['LIEFERANT', 'seller'],
    ['Rechnungssteller', 'seller'],
    ['From', 'seller'],
    ['Fournisseur', 'seller'],
    ['Cedente / Prestatore', 'seller'],
    ['Поставщик:', 'seller'],
    ['SELLER TRADE NAME', 'seller'],
    // A marketplace's "sold by" over the seller's block, in each language it sells in.
    ['Sold by', 'seller'],
    ['Verkauft von', 'seller'],
    ['Vendu par', 'seller'],
    ['Venduto da', 'seller'],
    ['Vendido por', 'seller'],
    ['Verkocht door', 'seller'],
    ['Sprzedawane przez', 'seller'],
    ['Bill to', 'buyer'],
    ['BILL TO:', 'buyer'],
    ['Billed to', 'buyer'],
    ['Adresse du Client', 'buyer'],
    ['Käufer/Leistungsempfänger', 'buyer'],
    ['Käufer / Leistungsempfänger', 'buyer'],
    ['Rechnungsempfänger', 'buyer'],
    ['BAUHERR', 'buyer'],
    ['Kunde', 'buyer'],
    ['Client.', 'buyer'],
    ['Cessionario / Committente', 'buyer'],
    // The customer as the one the invoice is for, and a service provider as the seller.
    ['Fattura per', 'buyer'],
    ['Solgt til:', 'buyer'],
    ['Račun izdao:', 'seller'],
    ['Racun izdao:', 'seller'],
    ['Såld till', 'buyer'],
    ['Invoice for:', 'buyer'],
    ['Factuur voor', 'buyer'],
    ['Dienstverlener:', 'seller'],
    ['Service provider', 'seller'],
    ['Prestataire', 'seller'],
    ['Dienstleister', 'seller'],
    // A delivery address in Italian.
    ['INDIRIZZO DI SPEDIZIONE', 'other'],
    ['Luogo di consegna', 'other'],
    ['Покупатель', 'buyer'],
    ['Klant', 'buyer'],
    ['Aan:', 'buyer'],
    ['Lieferadresse', 'other'],
    ['Delivery address', 'other'],
    ['Ship to:', 'other'],
    ['Zahlungsempfänger', 'other'],
    ['Warenempfänger', 'other'],
  ])('%s is a %s heading', (text, role) => {
    expect(matchHeading(text)).toBe(role);
  });

  it('is undefined for sentences and for a heading followed by a value', () => {
    expect(matchHeading('Please pay within 30 days.')).toBeUndefined();
    expect(matchHeading('Verkäufer: ACME GmbH')).toBeUndefined();
    expect(matchHeading('Kundennummer')).toBeUndefined();
    expect(matchHeading('Our customer service is happy to help')).toBeUndefined();
    expect(matchHeading('Aan deze factuur kunnen geen rechten worden ontleend')).toBeUndefined();
    expect(matchHeading('Total')).toBeUndefined();
    expect(matchHeading('To')).toBeUndefined();
    expect(matchHeading('')).toBeUndefined();
  });
});

// --- the field a segment is labelled with: the longest label wins --------------------------------

const H = 842;
/** A page whose lines each hold one segment (one word per token, tightly set). */
function pageOf(texts: string[]): LayoutPage {
  const lines: LayoutLine[] = texts.map((text, i) => {
    const y = 0.05 + i * 0.03;
    let x = 0.1;
    const words = text.split(' ').map((t) => {
      const w = {
        text: t,
        bbox: [x, y, x + t.length * 0.01, y + 10 / H] as [number, number, number, number],
      };
      x += t.length * 0.01 + 0.004;
      return { ...w, fontSize: 10 };
    });
    return { text, bbox: [0.1, y, x, y + 10 / H], words };
  });
  return { page: 1, width: 595, height: H, lines };
}

function fieldOf(text: string) {
  const [hit] = labelHits([segmentPage(pageOf([text]))]);
  return hit && { field: hit.field, rest: hit.rest, strength: hit.strength };
}

describe('misreadHeading', () => {
  it('names the party of a long heading word OCR misread by a letter or two', () => {
    expect(misreadHeading('Käufer [Leistungsemgfänger')).toBe('buyer');
    expect(misreadHeading('Kauler [Leistungsemglänger')).toBe('buyer');
    expect(misreadHeading('Rechnungssteler:')).toBe('seller');
  });

  it('names the seller of "Verkäufer" misread when the word stands alone, not in a label', () => {
    expect(misreadHeading('Verkauter')).toBe('seller');
    expect(misreadHeading('Verköußer:')).toBe('seller');
    expect(misreadHeading('Verkäufer-IBAN')).toBeUndefined();
    expect(misreadHeading('Verkaufen Sie')).toBeUndefined();
    expect(misreadHeading('Verkehr')).toBeUndefined();
  });

  it('leaves three letters wrong, a sentence, a number and a short word alone', () => {
    expect(misreadHeading('Kbuter/Lottungsemplinger')).toBeUndefined();
    expect(misreadHeading('Der Leistungsempfänger schuldet die Steuer')).toBeUndefined();
    expect(misreadHeading('Leistungsemgfänger 4711')).toBeUndefined();
    expect(misreadHeading('Kaufer')).toBeUndefined();
  });
});

describe('labelHits: the longest label wins', () => {
  it('reads "USt.-Id.-Nr." as the VAT id label, not the VAT amount label "USt."', () => {
    expect(matchLabel('USt.-Id.-Nr.: DE136695976', 'vat')).toBeDefined();
    expect(fieldOf('USt.-Id.-Nr.: DE136695976')).toMatchObject({ field: 'vat_id', rest: 'DE136695976' });
  });

  it('reads "Total HT" as net, not gross', () => {
    expect(fieldOf('Total HT 100,00')).toMatchObject({ field: 'net', rest: '100,00', strength: 2 });
  });

  it('reads "Rechnungssumme ohne USt." as net although "Rechnungssumme" names the gross', () => {
    expect(matchLabel('Rechnungssumme ohne USt. 100,00', 'gross')).toBeDefined();
    const hit = fieldOf('Rechnungssumme ohne USt. 100,00');
    expect(hit?.field).toBe('net');
    expect(hit?.rest).toContain('100,00');
  });

  it('reads "Gesamtbetrag der Zuschläge" as another amount, not the gross', () => {
    expect(matchLabel('Gesamtbetrag der Zuschläge 5,00', 'gross')).toBeDefined();
    expect(fieldOf('Gesamtbetrag der Zuschläge 5,00')).toMatchObject({ field: 'other_amount', rest: '5,00' });
  });

  it('reads "Rechnungsdatum" over the due-date and the generic date labels', () => {
    expect(fieldOf('Rechnungsdatum: 14.03.2024')).toMatchObject({ field: 'invoice_date', strength: 2 });
    expect(fieldOf('Zahlbar bis 28.03.2024')).toMatchObject({ field: 'due_date', rest: '28.03.2024' });
  });

  it('gives a generic one-word label strength 1 and a specific one strength 2', () => {
    expect(fieldOf('Datum 14.03.2024')).toMatchObject({ field: 'invoice_date', strength: 1 });
    expect(fieldOf('Subtotal 100.00')).toMatchObject({ field: 'net', strength: 1 });
    expect(fieldOf('Gesamtbetrag 119,00')).toMatchObject({ field: 'gross', strength: 2 });
  });

  it('looks past the table rules and margin marks OCR puts before a label', () => {
    expect(fieldOf('| Rechnungssumme Netto 473,00')).toMatchObject({ field: 'net', rest: '473,00' });
    expect(fieldOf('[Zahlbar bis 28.03.2024')).toMatchObject({ field: 'due_date', rest: '28.03.2024' });
    expect(matchHeading('| Verkäufer:')).toBe('seller');
  });

  it('splits a table header whose column titles ran together, one hit per title', () => {
    const hits = labelHits([segmentPage(pageOf(['Grondslag BTW bedrag']))]);
    expect(hits.map((h) => [h.field, h.seg.text, h.rest])).toEqual([
      ['net', 'Grondslag', ''],
      ['vat', 'BTW bedrag', 'bedrag'],
    ]);
    // Each title has its share of the box, left to right.
    expect(hits[0]!.seg.bbox[2]).toBeLessThanOrEqual(hits[1]!.seg.bbox[0] + 1e-9);
    // A row with amounts is not a header: the label keeps its values.
    const row = labelHits([segmentPage(pageOf(['Netto 100,00 MwSt 19,00']))]);
    expect(row.map((h) => h.field)).toEqual(['net']);
  });

  it('ends a label at a table rule OCR read right after it ("Total HT|")', () => {
    expect(fieldOf('Total HT| 100,00')).toMatchObject({ field: 'net', strength: 2 });
    expect(fieldOf('TOTAL TTC] 104,90')).toMatchObject({ field: 'gross', strength: 2 });
  });

  it('reads the run-together "TOTALTVA", "TOTALHT" and "TOTALTTC" as the totals', () => {
    expect(fieldOf('TOTALTVA')).toMatchObject({ field: 'vat', strength: 2 });
    expect(fieldOf('TOTALHT')).toMatchObject({ field: 'net', strength: 2 });
    expect(fieldOf('TOTALTTC')).toMatchObject({ field: 'gross', strength: 2 });
  });

  it('reads the insurance premium and its insurance tax as net and VAT', () => {
    expect(fieldOf('Gesamtbeitrag 1.000,00 €')).toMatchObject({ field: 'net', rest: '1.000,00 €' });
    expect(fieldOf('Versicherungsteuer zur Wohngebäudeversicherung 163,40 €')).toMatchObject({
      field: 'vat',
      strength: 2,
    });
  });

  it('finds no label in a street line', () => {
    expect(fieldOf('Straße Nr. 5')).toBeUndefined();
  });
});

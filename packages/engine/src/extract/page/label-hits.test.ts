// Labels OCR misread by one letter (misreadLabel): put right only when the repair names one
// field and the label spans the whole word; long label words with two or three letters wrong
// (garbledLabel): taken only when no word of another field, or of no field, is about as near.
import { describe, expect, it } from 'vitest';
import { labelHits, longestLabel, misreadLabel } from './label-hits.js';
import { garbledLabel } from './labels.js';
import type { PageLayout } from './layout.js';

describe('longestLabel', () => {
  it("weighs a label by its own words, not by a note in brackets after a shorter one's", () => {
    // "Total" with the note "(excl. tax)" spans as much as the net's label read in full.
    const text = 'Total (excl. tax): 43.00 EUR';
    expect(longestLabel(text)).toEqual({ field: 'net', end: 'Total (excl. tax): '.length });
    expect(longestLabel('Total (EUR): 51.60')).toEqual({ field: 'gross', end: 'Total (EUR): '.length });
  });

  it('takes an Italian stamp duty for another amount, not the VAT ("Imposta di bollo" / "Imposta")', () => {
    expect(longestLabel('Imposta di bollo assolta sull’originale id: 01211590700507')?.field).toBe(
      'other_amount',
    );
    expect(longestLabel('Imposta 22% 13.061,27')?.field).toBe('vat');
  });
});

describe('misreadLabel', () => {
  it('reads a total label with one letter misread, dropped or one too many', () => {
    expect(misreadLabel('Sruttosumme 235,62')?.field).toBe('gross');
    expect(misreadLabel('Stauerbetrag in EUR 37,62')?.field).toBe('vat');
    expect(misreadLabel('Rschnungssumme ohne USt. 198,00')?.field).toBe('net');
    expect(misreadLabel('Rechnungsnumer 471102')?.field).toBe('invoice_no');
    expect(misreadLabel('Rechnungsdattum 05.03.2020')?.field).toBe('invoice_date');
  });

  it('gives where the label ends in the text as read, so the value after it is taken whole', () => {
    const text = 'Sruttosumme: 235,62';
    expect(text.slice(misreadLabel(text)!.end).trim()).toBe('235,62');
    const longer = ' Rechnungsdattum 05.03.2020';
    expect(longer.slice(misreadLabel(longer)!.end).trim()).toBe('05.03.2020');
  });

  it('mends a short first word when the words after it are the rest of a longer label', () => {
    // A scan's "Date d'échéance", its D read as a bracket and a p, or as a Y.
    for (const text of ["[pate d'échéance : 02/03/2022", "Yate d'échéance : 02/03/2022"]) {
      const m = misreadLabel(text);
      expect(m?.field, text).toBe('due_date');
      expect(text.slice(m!.end).replace(/^[\s:]+/, '')).toBe('02/03/2022');
    }
    // Alone, a short word one letter from a label is too many other words ("Dste", "Rate").
    expect(misreadLabel('Dste 05.03.2020')).toBeUndefined();
    expect(misreadLabel('Rate 05.03.2020')).toBeUndefined();
  });

  it('leaves short words, words two letters off and words that only begin like a label alone', () => {
    expect(misreadLabel('Gesamt 12,00')).toBeUndefined();
    expect(misreadLabel('Srattosumme 235,62')).toBeUndefined();
    expect(misreadLabel('Bruttosummenblatt 235,62')).toBeUndefined();
    expect(misreadLabel('Lieferantenstraße 20')).toBeUndefined();
  });
});

describe('garbledLabel', () => {
  it('names the field of a long label word read with two or three letters wrong', () => {
    expect(garbledLabel('Rechrungadanum')).toBe('invoice_date'); // a phone photo's "Rechnungsdatum"
    expect(garbledLabel('Rechnungsnumner')).toBe('invoice_no');
    expect(garbledLabel('Stevsrbetrag')).toBe('vat');
  });

  it('leaves a word as near to another field, or to a word of no field, and short words alone', () => {
    // As near to "Rechnungsnummer" as to "Rechnungssumme".
    expect(garbledLabel('Rochnungsnumme')).toBeUndefined();
    // "Leistungsdatum", a date the reading does not take.
    expect(garbledLabel('Lestungsaatum')).toBeUndefined();
    expect(garbledLabel('Kundenstraße')).toBeUndefined();
    expect(garbledLabel('Bruttosumne')).toBeUndefined();
  });
});

describe('labelHits', () => {
  const layout = (text: string, value: string): PageLayout[] => [
    {
      page: 1,
      lines: [
        [
          { text, bbox: [0.1, 0.5, 0.3, 0.52], page: 1, line: 0, index: 0 },
          { text: value, bbox: [0.8, 0.5, 0.9, 0.52], page: 1, line: 0, index: 1 },
        ],
      ],
    },
  ];

  it("takes a misread label on OCR'd pages only, as a weak label", () => {
    const ocr = labelHits(layout('Sruttosumme', '235,62'), { misread: true });
    expect(ocr).toMatchObject([{ field: 'gross', strength: 1, rest: '' }]);
    expect(labelHits(layout('Sruttosumme', '235,62'))).toEqual([]);
  });

  it('takes a garbled long label word as a weak label', () => {
    expect(labelHits(layout('Rechrungadanum', '05.03.2013'), { misread: true })).toMatchObject([
      { field: 'invoice_date', strength: 1, rest: '' },
    ]);
  });

  it('takes no misread label on a line without a value', () => {
    expect(labelHits(layout('Sruttosumme', 'siehe unten'), { misread: true })).toEqual([]);
  });
});

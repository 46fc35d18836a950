import { describe, expect, it } from 'vitest';
import { netPriceOf } from './fatturapa-line-price.js';
import { parseXml } from './parse.js';

/** A DettaglioLinee with the given quantity, unit price, adjustments ([Tipo, %, Importo]) and total. */
function line(
  quantity: string | undefined,
  price: string,
  adjustments: Array<[string, string | undefined, string | undefined]>,
  total: string,
) {
  const sm = adjustments
    .map(
      ([kind, percent, amount]) =>
        `<ScontoMaggiorazione><Tipo>${kind}</Tipo>${percent ? `<Percentuale>${percent}</Percentuale>` : ''}${amount ? `<Importo>${amount}</Importo>` : ''}</ScontoMaggiorazione>`,
    )
    .join('');
  return parseXml(
    `<DettaglioLinee><NumeroLinea>1</NumeroLinea>${quantity ? `<Quantita>${quantity}</Quantita>` : ''}<PrezzoUnitario>${price}</PrezzoUnitario>${sm}<PrezzoTotale>${total}</PrezzoTotale></DettaglioLinee>`,
  );
}

describe('netPriceOf (FatturaPA line ScontoMaggiorazione)', () => {
  it('is PrezzoUnitario for a line without adjustments', () => {
    expect(netPriceOf(line('2.00', '100.00', [], '200.00'))).toBe('100.00');
  });

  it('takes a discount per unit off the gross price where PrezzoTotale confirms it', () => {
    // 20 × (90.00 − 9.0000) = 1620.00
    expect(netPriceOf(line('20.00', '90.00', [['SC', '10.00', '9.0000']], '1620.00'))).toBe('81.00');
  });

  it('adds a surcharge (MG)', () => {
    expect(netPriceOf(line('3', '10.00', [['MG', undefined, '1.50']], '34.50'))).toBe('11.50');
  });

  it('applies percentages one after the other, each on the price the previous one left', () => {
    // 100 × 0.9 = 90, × 0.8 = 72 (not 100 × 0.7 = 70)
    const l = line(
      '2.00',
      '100.00',
      [
        ['SC', '10.00', undefined],
        ['SC', '20.00', undefined],
      ],
      '144.00',
    );
    expect(netPriceOf(l)).toBe('72.00');
  });

  it('reads the amounts when the percentages taken in sequence do not give PrezzoTotale', () => {
    // 70.00 − 7.00 − 63.00 = 0 (10 % and 90 % of the gross, not of each other's rest)
    const l = line(
      '1.00',
      '70.00',
      [
        ['SC', '10.00', '7.00'],
        ['SC', '90.00', '63.00'],
      ],
      '0.00',
    );
    expect(netPriceOf(l)).toBe('0.00');
  });

  it('falls back to the percentages when the amounts do not give PrezzoTotale', () => {
    // Importo written as the line's whole discount, not per unit: 4 × (25 × 0.8) = 80
    const l = line('4', '25.00', [['SC', '20.00', '20.00']], '80.00');
    expect(netPriceOf(l)).toBe('20.00');
  });

  it('treats a line without Quantita as one unit', () => {
    expect(netPriceOf(line(undefined, '50.00', [['SC', '10.00', undefined]], '45.00'))).toBe('45.00');
  });

  it('keeps the price as printed when no reading of the adjustments gives PrezzoTotale', () => {
    const l = line(
      '1.00',
      '137.77',
      [
        ['SC', '10.00', '10'],
        ['SC', '15.00', '10'],
      ],
      '23.24',
    );
    expect(netPriceOf(l)).toBe('137.77');
  });

  it('accepts a cent of rounding between quantity × net price and PrezzoTotale', () => {
    // 3 × (9.99 × 0.85) = 3 × 8.4915 = 25.4745; PrezzoTotale rounded to 25.47
    const l = line('3', '9.99', [['SC', '15.00', undefined]], '25.47');
    expect(netPriceOf(l)).toBe('8.4915');
  });

  it('ignores an adjustment of an unknown Tipo', () => {
    expect(netPriceOf(line('1', '10.00', [['XX', '10.00', '1.00']], '10.00'))).toBe('10.00');
  });
});

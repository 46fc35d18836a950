// Choosing totals by arithmetic: the (net, VAT, gross) triple that adds up with a plausible VAT
// share wins over label strength; without one, agreeing strong gross labels still corroborate.
import { describe, expect, it } from 'vitest';
import type { Segment } from '../page/layout.js';
import { type AmountCandidate, chooseTotals, type TotalKind } from './totals.js';

/** A candidate on line `line` of `page`, its box at the line's height (lower lines, larger y). */
function cand(kind: TotalKind, value: string, line: number, strength = 2, page = 1): AmountCandidate {
  const y = 0.1 + line * 0.02;
  const seg: Segment = { text: value, bbox: [0.8, y, 0.9, y + 0.012], page, line, index: 1 };
  return { kind, value, seg, strength };
}

const values = (t: ReturnType<typeof chooseTotals>) => ({
  net: t.net?.value,
  vat: t.vat?.value,
  gross: t.gross?.value,
});

describe('chooseTotals', () => {
  it('takes a triple that adds up', () => {
    const t = chooseTotals([
      cand('net', '100.00', 10),
      cand('vat', '19.00', 11),
      cand('gross', '119.00', 12),
    ]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('takes a "total" that the VAT adds up to another printed total for the net, deriving none', () => {
    // "Total (some unknown note) 43.00 / VAT 8.60 / Total 51.60": 43.00 less 8.60 would make a
    // net of 34.40 at a plausible 25 %, but 43.00 + 8.60 is the other total printed.
    for (const [first, second] of [
      [2, 1],
      [2, 2],
      [1, 2],
    ]) {
      const t = chooseTotals([
        cand('gross', '43.00', 10, first),
        cand('vat', '8.60', 11),
        cand('gross', '51.60', 12, second),
      ]);
      expect(values(t)).toEqual({ net: '43.00', vat: '8.60', gross: '51.60' });
    }
  });

  it('takes a net that adds up to the cent over one a cent off, whichever comes first', () => {
    const column = cand('net', '8.40', 5, 2, 1); // a line's net under its column's "Nettobetrag"
    const summary = cand('net', '8.41', 10, 2, 2); // "Rechnungssumme ohne USt. 8,41"
    const t = chooseTotals([column, summary, cand('vat', '0.59', 11, 2, 2), cand('gross', '9.00', 12, 2, 2)]);
    expect(t.net).toBe(summary);
    // A cent off still balances when nothing adds up exactly (rounding per line).
    const rounded = chooseTotals([column, cand('vat', '0.59', 11, 2, 2), cand('gross', '9.00', 12, 2, 2)]);
    expect([rounded.balanced, rounded.net?.value]).toEqual([true, '8.40']);
  });

  it('picks the balanced triple over an unbalanced one with stronger labels', () => {
    const strongGross = cand('gross', '150.00', 14, 2);
    const weakGross = cand('gross', '119.00', 12, 1);
    const strongNet = cand('net', '130.00', 8, 2);
    const weakNet = cand('net', '100.00', 10, 1);
    const t = chooseTotals([strongGross, weakGross, strongNet, weakNet, cand('vat', '19.00', 11, 1)]);
    expect(t.balanced).toBe(true);
    expect(t.gross).toBe(weakGross);
    expect(t.net).toBe(weakNet);
    expect(values(t)).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('prefers the lower row (the sum row) when several rows balance', () => {
    // A VAT breakdown: one row per rate, then the sum row under them.
    const rows = [
      cand('net', '50.00', 10),
      cand('vat', '3.50', 10),
      cand('gross', '53.50', 10),
      cand('net', '100.00', 11),
      cand('vat', '19.00', 11),
      cand('gross', '119.00', 11),
      cand('net', '150.00', 12),
      cand('vat', '22.50', 12),
      cand('gross', '172.50', 12),
    ];
    expect(values(chooseTotals(rows))).toEqual({ net: '150.00', vat: '22.50', gross: '172.50' });
    // Whatever order the candidates come in.
    expect(values(chooseTotals([...rows].reverse()))).toEqual({
      net: '150.00',
      vat: '22.50',
      gross: '172.50',
    });
  });

  it('prefers a total on a later page to one at the same height on an earlier page', () => {
    const t = chooseTotals([
      cand('net', '10.00', 10, 2, 2),
      cand('vat', '1.90', 10, 2, 2),
      cand('gross', '11.90', 10, 2, 2),
      cand('net', '100.00', 10, 2, 1),
      cand('vat', '19.00', 10, 2, 1),
      cand('gross', '119.00', 10, 2, 1),
    ]);
    expect(t.gross?.value).toBe('11.90');
  });

  it('adds up the VAT rows of a breakdown when no VAT total is printed', () => {
    const t = chooseTotals([
      cand('net', '150.00', 14),
      cand('vat', '3.50', 11, 1),
      cand('vat', '19.00', 12, 1),
      cand('gross', '172.50', 15),
    ]);
    expect(t.balanced).toBe(true);
    expect(t.net?.value).toBe('150.00');
    expect(t.gross?.value).toBe('172.50');
    expect(Number(t.vat?.value)).toBe(22.5);
  });

  it('does not add up two VAT candidates of one row', () => {
    const t = chooseTotals([
      cand('net', '150.00', 14),
      cand('vat', '3.50', 11, 1),
      cand('vat', '19.00', 11, 1),
      cand('gross', '172.50', 15),
    ]);
    expect(t.balanced).toBe(false);
  });

  it('allows a difference of one cent and no more', () => {
    expect(
      chooseTotals([cand('net', '100.00', 1), cand('vat', '19.01', 2), cand('gross', '119.00', 3)]).balanced,
    ).toBe(true);
    expect(
      chooseTotals([cand('net', '100.00', 1), cand('vat', '19.02', 2), cand('gross', '119.00', 3)]).balanced,
    ).toBe(false);
  });

  it('rejects a VAT share above 28 %', () => {
    const t = chooseTotals([cand('net', '100.00', 1), cand('vat', '30.00', 2), cand('gross', '130.00', 3)]);
    expect(t.balanced).toBe(false);
    // 27 % (Hungary) and 28 % are still plausible.
    expect(
      chooseTotals([cand('net', '100.00', 1), cand('vat', '27.00', 2), cand('gross', '127.00', 3)]).balanced,
    ).toBe(true);
    expect(
      chooseTotals([cand('net', '100.00', 1), cand('vat', '28.00', 2), cand('gross', '128.00', 3)]).balanced,
    ).toBe(true);
  });

  it('takes a value with a restored decimal comma only in a triple that adds up beside two read as printed', () => {
    const restored = { ...cand('net', '177.43', 1), restored: true };
    expect(values(chooseTotals([restored, cand('vat', '20.15', 2), cand('gross', '197.58', 3)]))).toEqual({
      net: '177.43',
      vat: '20.15',
      gross: '197.58',
    });
    const twice = chooseTotals([
      restored,
      { ...cand('vat', '20.15', 2), restored: true },
      cand('gross', '197.58', 3),
    ]);
    expect(twice.balanced).toBe(false);
    expect(twice.net).toBeUndefined();
    // Nor with a partner from another page: a credit note's "Rechnungssumme ohne USt. 787" (7,67
    // misread) and the first row of its VAT breakdown a page before (-0,92 of -1,12) added up to its
    // gross by chance.
    const apart = chooseTotals([
      { ...cand('net', '7.87', 4, 2, 3), restored: true },
      cand('vat', '0.92', 20, 2, 2),
      cand('gross', '8.79', 6, 2, 3),
    ]);
    expect(apart.balanced).toBe(false);
    expect(apart.net).toBeUndefined();
  });

  it('rejects a zero net whose VAT is the whole gross', () => {
    const t = chooseTotals([cand('net', '0.00', 1), cand('vat', '104.90', 2), cand('gross', '104.90', 3)]);
    expect(t.balanced).toBe(false);
  });

  it('passes over an implausible triple to a plausible one', () => {
    // 50 + 19 = 69 would add up too, but 19 is 38 % of 50.
    const t = chooseTotals([
      cand('net', '50.00', 8, 2),
      cand('net', '100.00', 10, 1),
      cand('vat', '19.00', 11),
      cand('gross', '69.00', 13, 2),
      cand('gross', '119.00', 12, 1),
    ]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('balances a credit note with negative amounts', () => {
    const t = chooseTotals([
      cand('net', '-100.00', 1),
      cand('vat', '-19.00', 2),
      cand('gross', '-119.00', 3),
    ]);
    expect(t.balanced).toBe(true);
    expect(t.gross?.value).toBe('-119.00');
  });

  it('balances a zero-rated invoice', () => {
    const t = chooseTotals([cand('net', '100.00', 1), cand('vat', '0.00', 2), cand('gross', '100.00', 3)]);
    expect(t.balanced).toBe(true);
  });

  it('lets an amount payable close the triple and reports the payable', () => {
    const payable = cand('payable', '119.00', 14);
    const t = chooseTotals([cand('net', '100.00', 10), cand('vat', '19.00', 11), payable]);
    expect(t.balanced).toBe(true);
    expect(t.gross).toBe(payable);
    expect(t.payable).toBe(payable);
  });

  it('is not balanced when nothing adds up, and keeps the strongest net and gross', () => {
    const strongNet = cand('net', '90.00', 10, 2);
    const t = chooseTotals([
      cand('net', '80.00', 12, 1),
      strongNet,
      cand('vat', '19.00', 11),
      cand('gross', '150.00', 12, 1),
      cand('gross', '125.00', 13, 1),
    ]);
    expect(t.balanced).toBe(false);
    expect(t.corroborated).toBe(false);
    expect(t.net).toBe(strongNet);
    // Equal strength: the lower one.
    expect(t.gross?.value).toBe('125.00');
  });

  it('is empty and unbalanced without candidates', () => {
    expect(chooseTotals([])).toEqual({
      balanced: false,
      corroborated: false,
      gross: undefined,
      net: undefined,
      vat: undefined,
      payable: undefined,
    });
  });

  describe('corroboration without a balanced triple', () => {
    it('holds when two strong gross labels on different rows name the same amount', () => {
      const t = chooseTotals([cand('gross', '119.00', 12), cand('gross', '119.00', 20)]);
      expect(t).toMatchObject({ balanced: false, corroborated: true });
      expect(t.gross?.value).toBe('119.00');
    });

    it('counts a strong payable label on another row as agreeing', () => {
      const t = chooseTotals([cand('gross', '119.00', 12), cand('payable', '119', 20)]);
      expect(t.corroborated).toBe(true);
    });

    it('does not hold when the strong labels disagree', () => {
      const t = chooseTotals([cand('gross', '119.00', 12), cand('gross', '120.00', 20)]);
      expect(t).toMatchObject({ balanced: false, corroborated: false });
    });

    it('does not hold for two candidates on one row', () => {
      const t = chooseTotals([cand('gross', '119.00', 12), cand('gross', '119.00', 12)]);
      expect(t.corroborated).toBe(false);
    });

    it('holds for the same line index on two pages (they are different rows)', () => {
      const t = chooseTotals([cand('gross', '119.00', 12, 2, 1), cand('gross', '119.00', 12, 2, 2)]);
      expect(t.corroborated).toBe(true);
    });

    it('does not count weak labels', () => {
      const t = chooseTotals([cand('gross', '119.00', 12, 2), cand('gross', '119.00', 20, 1)]);
      expect(t.corroborated).toBe(false);
    });

    it('does not hold when a strong label names another amount besides the agreeing ones', () => {
      const t = chooseTotals([
        cand('gross', '119.00', 12),
        cand('gross', '119.00', 20),
        cand('payable', '50.00', 22),
      ]);
      expect(t.corroborated).toBe(false);
    });
  });
});

describe('chooseTotals without a balanced triple', () => {
  it('keeps the strongest single VAT amount (not a sum) when nothing adds up', () => {
    const t = chooseTotals([cand('net', '90.00', 10), cand('vat', '19.00', 11), cand('gross', '125.00', 12)]);
    expect(t.balanced).toBe(false);
    expect(values(t)).toEqual({ net: '90.00', vat: '19.00', gross: '125.00' });
    const two = chooseTotals([cand('net', '90.00', 10), cand('vat', '7.00', 11), cand('vat', '19.00', 12)]);
    expect(['7.00', '19.00']).toContain(two.vat?.value);
  });

  it('adds the VAT rows of a breakdown when no VAT total is printed and the sum balances', () => {
    const t = chooseTotals([
      cand('net', '473.00', 10),
      cand('vat', '19.25', 11, 1),
      cand('vat', '37.62', 12, 1),
      cand('gross', '529.87', 13),
    ]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '473.00', vat: '56.87', gross: '529.87' });
  });

  it('reads net = gross when every VAT amount is zero and the gross is corroborated', () => {
    const t = chooseTotals([
      cand('gross', '4.11', 8),
      cand('vat', '0.00', 19, 1),
      cand('gross', '4.11', 20),
      cand('vat', '0.00', 24),
    ]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '4.11', vat: '0.00', gross: '4.11' });
  });

  it('reads net = gross with a zero VAT between a generic "Total" and a strong total of the same amount', () => {
    const rows = [cand('gross', '2250.00', 15, 1), cand('vat', '0.00', 16), cand('gross', '2250.00', 17)];
    expect(values(chooseTotals(rows))).toEqual({ net: '2250.00', vat: '0.00', gross: '2250.00' });
    // Not when a strong label names another amount, nor when the two are the same row's.
    expect(chooseTotals([...rows, cand('gross', '2300.00', 18)]).balanced).toBe(false);
    expect(
      chooseTotals([cand('gross', '2250.00', 15, 1), cand('vat', '0.00', 16), cand('gross', '2250.00', 15)])
        .balanced,
    ).toBe(false);
  });

  it('does not derive the net from a zero VAT row when another VAT amount is printed', () => {
    const t = chooseTotals([
      cand('gross', '119.00', 8),
      cand('gross', '119.00', 20),
      cand('vat', '0.00', 12),
      cand('vat', '19.00', 13),
    ]);
    expect(t.balanced).toBe(false);
    expect(t.net).toBeUndefined();
  });
});

describe('chooseTotals: credit notes with a minus sign not read', () => {
  it('makes the VAT negative when net and gross are and the magnitudes add up', () => {
    const t = chooseTotals([cand('net', '-7.67', 10), cand('vat', '1.12', 11), cand('gross', '-8.79', 12)]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '-7.67', vat: '-1.12', gross: '-8.79' });
  });

  it('takes a single minus for all three only on a document titled as a credit note', () => {
    const cands = [cand('net', '7.67', 10), cand('vat', '-1.12', 11), cand('gross', '8.79', 12)];
    expect(chooseTotals(cands).balanced).toBe(false);
    const t = chooseTotals(cands, { credit: true });
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '-7.67', vat: '-1.12', gross: '-8.79' });
  });

  it('infers no sign when the magnitudes do not add up', () => {
    const t = chooseTotals([cand('net', '-7.67', 10), cand('vat', '1.20', 11), cand('gross', '-8.79', 12)], {
      credit: true,
    });
    expect(t.balanced).toBe(false);
  });

  it('takes a total with the VAT it contains, at the printed rate, and derives the net', () => {
    const vat = { ...cand('vat_included', '4166.67', 13), rate: 20 };
    const t = chooseTotals([cand('gross', '25000.00', 12, 1), vat, cand('payable', '25000.00', 14)]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '20833.33', vat: '4166.67', gross: '25000.00' });
    expect(t.vat?.kind).toBe('vat');
  });

  it('tries the usual rates when the row names none, and refuses a VAT that is no share of the total', () => {
    const t = chooseTotals([cand('gross', '19.99', 12), cand('vat_included', '3.19', 13)]);
    expect(values(t)).toEqual({ net: '16.80', vat: '3.19', gross: '19.99' });
    // 5.00 of 19.99 is no VAT rate; neither is 20 % printed beside a 19 % share.
    expect(chooseTotals([cand('gross', '19.99', 12), cand('vat_included', '5.00', 13)]).balanced).toBe(false);
    const printed = { ...cand('vat_included', '3.19', 13), rate: 20 };
    expect(chooseTotals([cand('gross', '19.99', 12), printed]).balanced).toBe(false);
  });

  it('prefers a printed triple that adds up to a derived one', () => {
    const t = chooseTotals([
      cand('net', '100.00', 10),
      cand('vat', '19.00', 11),
      cand('gross', '119.00', 12),
      cand('vat_included', '19.00', 13),
    ]);
    expect(t.net?.kind).toBe('net');
    expect(t.net?.seg.line).toBe(10);
  });

  it('derives an unread VAT from a net and a gross that differ by a usual rate to the cent', () => {
    // OCR garbled "37,62"; 19 % of 198,00 is 37,62. Under the "USt.-Betrag" heading it read the
    // rate as "13" and the base column's "198,00": neither is a VAT of that net.
    const gross = cand('gross', '235.62', 12);
    const column = [cand('vat', '13', 11), cand('vat', '198.00', 11)];
    const t = chooseTotals([cand('net', '198.00', 10), ...column, gross]);
    expect(t.balanced).toBe(true);
    expect(values(t)).toEqual({ net: '198.00', vat: '37.62', gross: '235.62' });
    expect(t.vat?.seg).toBe(gross.seg);
  });

  it('derives no VAT where the page prints one with its cents, however it adds up', () => {
    const t = chooseTotals([
      cand('net', '198.00', 10),
      cand('vat', '37.02', 11),
      cand('gross', '235.62', 12),
    ]);
    expect(t.balanced).toBe(false);
    expect(t.vat?.value).toBe('37.02');
  });

  it('derives no VAT from a difference that is no usual rate, nor across pages, nor from a restored decimal', () => {
    // 40.00 of 198.00 is 20.2 %; two rates summed (7 % of 275 and 19 % of 198) match neither.
    expect(chooseTotals([cand('net', '198.00', 10), cand('gross', '238.00', 12)]).balanced).toBe(false);
    expect(chooseTotals([cand('net', '473.00', 10), cand('gross', '529.87', 12)]).balanced).toBe(false);
    expect(chooseTotals([cand('net', '198.00', 10, 2, 1), cand('gross', '235.62', 12, 2, 2)]).balanced).toBe(
      false,
    );
    const restored = { ...cand('net', '198.00', 10), restored: true };
    expect(chooseTotals([restored, cand('gross', '235.62', 12)]).balanced).toBe(false);
    // No VAT at all: net and gross alike give no rate.
    expect(chooseTotals([cand('net', '100.00', 10), cand('gross', '100.00', 12)]).vat).toBeUndefined();
  });
});

// A party's block under its heading (through readTextInvoice, on hand-made A4 pages in 10 pt type):
// a name run on into its street, and an item table's heading row set close under the block.
import { describe, expect, it } from 'vitest';
import type { Document } from '../../document.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import type { LayoutLine } from '../page/layout.js';
import { readTextInvoice } from '../text-invoice.js';

const read = (lines: LayoutLine[], country = 'PL'): Document =>
  readTextInvoice([page(lines)], { source: 'text', reader: 'test', country });

describe('readBlock: the name of a block under its heading', () => {
  it("takes no item table's heading row for a name row ('Nazwa towaru/usługi | Ilość | Cena netto')", () => {
    const d = read([
      line(row(0), ['Kowalski i Wspólnicy Sp. z o.o.', 0.07, 0.45], ['FAKTURA VAT', 0.69, 0.85]),
      line(row(1), ['ul. Marszałkowska 84/92', 0.07, 0.3]),
      line(row(2), ['00-514 Warszawa', 0.07, 0.25]),
      line(row(4), ['Nabywca', 0.07, 0.16]),
      line(row(5), ['Drukarnia Nowak s.c.', 0.07, 0.3]),
      line(row(6), ['ul. Piotrkowska 120, 90-006 Łódź', 0.07, 0.4]),
      line(
        row(8),
        ['Nazwa towaru/usługi', 0.08, 0.25],
        ['Ilość', 0.43, 0.47],
        ['Cena netto', 0.49, 0.58],
        ['VAT', 0.62, 0.66],
        ['Wartość', 0.81, 0.88],
      ),
      line(
        row(9),
        ['Usługa doradztwa', 0.08, 0.3],
        ['1', 0.43, 0.44],
        ['2500,00', 0.49, 0.56],
        ['23%', 0.62, 0.65],
        ['3075,00', 0.81, 0.88],
      ),
    ]);
    expect(d.buyer.name).toBe('Drukarnia Nowak s.c.');
  });

  it('reads the name of a line run on into its street after a comma', () => {
    const read1 = (first: string) =>
      read(
        [
          line(row(0), ['Regololab di Lo Tito Leonardo', 0.3, 0.6]),
          line(row(1), ['Via dei Confinati Politici 12', 0.3, 0.55]),
          line(row(2), ['75020 Marconia', 0.3, 0.45]),
          line(row(5), ['Cliente:', 0.1, 0.17]),
          line(row(6), [first, 0.1, 0.5]),
          line(row(7), ['c.f./p.iva 90004670775', 0.1, 0.3]),
        ],
        'IT',
      ).buyer;
    const runOn = read1('Condominio Azzurro, via Anzio 15 – scala B');
    expect(runOn.name).toBe('Condominio Azzurro');
    expect(runOn.address).toMatchObject({ lines: ['via Anzio 15 – scala B'] });
    // A comma inside the name stays ("Rossi, Bianchi & Partner"), as does a line with no street.
    expect(read1('Rossi, Bianchi & Partner S.r.l.').name).toBe('Rossi, Bianchi & Partner S.r.l.');
  });

  it('knows the "data of" headings of the issuer and the recipient (es "Datos del Emisor", it "Dati del cedente")', () => {
    const pair = (seller: string, buyer: string, country: string) =>
      read(
        [
          line(row(2), [seller, 0.06, 0.3], [buyer, 0.55, 0.8]),
          line(row(3), ['Clark-Ball', 0.06, 0.2], ['Carrie Armstrong', 0.55, 0.7]),
          line(row(4), ['Calle Mayor 5', 0.06, 0.2], ['Avenida del Sol 12', 0.55, 0.7]),
          line(row(5), ['28013 Madrid', 0.06, 0.2], ['46001 Valencia', 0.55, 0.7]),
        ],
        country,
      );
    for (const [seller, buyer, country] of [
      ['Datos del Emisor:', 'Datos del Receptor:', 'ES'],
      ['Dati del cedente', 'Dati del cliente', 'IT'],
    ]) {
      const d = pair(seller!, buyer!, country!);
      expect([d.seller.name, d.buyer.name], seller).toEqual(['Clark-Ball', 'Carrie Armstrong']);
    }
  });
});

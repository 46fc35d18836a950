// Russian requisites from an invoice's text, on hand-made pages laid out as Russian invoices
// print them: 1C's bank table above the title, party lines, a УПД's "ИНН/КПП продавца". Through
// the checks and the projection, the RU fields of a clean invoice are confirmed.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../check/document-checks.js';
import { countryOf } from '../../project/countries.js';
import { CONFIDENCE_BAR, project } from '../../project/field-sets.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import { readText as read } from '../../test-support/text-invoices.js';

const ru = countryOf('ru')!;
// Valid numbers: ИНН with their control digits, a settlement account keyed to the БИК, and
// that bank's correspondent account (keyed differently, so it fails the settlement key).
const SELLER_INN = '7707083893';
const BUYER_INN = '5003052454';
const BIK = '044525225';
const ACCOUNT = '40702810938000012345';
const CORR = '30101810400000000225';

/** 1C's "Счёт на оплату": the bank table (correspondent account first), then the party lines. */
const oneC = (buyerFirst = false) => {
  const parties = [
    line(
      row(8),
      ['Поставщик:', 0.08, 0.2],
      [`ООО «Ромашка», ИНН ${SELLER_INN}, КПП 773601001, Москва`, 0.22, 0.9],
    ),
    line(row(10), ['Покупатель:', 0.08, 0.2], [`ООО «Василёк», ИНН ${BUYER_INN}, КПП 500301001`, 0.22, 0.8]),
  ];
  if (buyerFirst) parties.reverse();
  return page([
    line(row(0), ['ПАО СБЕРБАНК г. Москва', 0.08, 0.4], ['БИК', 0.55, 0.6], [BIK, 0.62, 0.75]),
    line(row(1), ['Банк получателя', 0.08, 0.3], ['Сч. №', 0.55, 0.6], [CORR, 0.62, 0.9]),
    line(
      row(2),
      [`ИНН ${SELLER_INN}`, 0.08, 0.25],
      ['КПП 773601001', 0.27, 0.42],
      ['Сч. №', 0.55, 0.6],
      [ACCOUNT, 0.62, 0.9],
    ),
    line(row(3), ['ООО «Ромашка»', 0.08, 0.3]),
    line(row(4), ['Получатель', 0.08, 0.2]),
    line(row(6), ['Счёт на оплату № 245 от 14 марта 2024 г.', 0.08, 0.6]),
    ...parties,
    line(row(13), ['Итого:', 0.6, 0.7], ['20 000,00', 0.78, 0.9]),
    line(row(14), ['В том числе НДС 20%:', 0.5, 0.7], ['3 333,33', 0.8, 0.9]),
    line(row(15), ['Всего к оплате:', 0.55, 0.7], ['20 000,00', 0.78, 0.9]),
    line(row(17), ['Всего наименований 1, на сумму 20 000,00 руб.', 0.08, 0.6]),
  ]);
};

describe('readRuRequisites', () => {
  it('reads the seller, the buyer and the account to pay to from a 1C invoice', () => {
    const d = read([oneC()], { country: 'RU' });
    expect(d.seller.inn).toBe(SELLER_INN);
    expect(d.seller.kpp).toBe('773601001');
    expect(d.buyer.inn).toBe(BUYER_INN);
    // The settlement account, found by its key with the БИК, not the bank's correspondent one.
    expect(d.payment.accounts).toEqual([{ account: ACCOUNT, bik: BIK }]);
    expect(d.currency).toBe('RUB');
    expect(d.provenance['payment.accounts.0.account']).toMatchObject({ source: 'text', page: 1 });
  });

  it('confirms every RU field of a clean invoice', () => {
    const d = read([oneC()], { country: 'RU' });
    const { fields } = project(d, runChecks(d, '2024-04-01'), ru);
    expect(fields).toMatchObject({
      seller_inn: SELLER_INN,
      seller_kpp: '773601001',
      buyer_inn: BUYER_INN,
      seller_account: ACCOUNT,
      seller_bik: BIK,
      currency: 'RUB',
    });
  });

  it('tells the parties apart by their words, whichever comes first', () => {
    const d = read([oneC(true)], { country: 'RU' });
    expect(d.seller.inn).toBe(SELLER_INN);
    expect(d.buyer.inn).toBe(BUYER_INN);
  });

  it('reads a УПД: "ИНН/КПП продавца" and "ИНН/КПП покупателя"', () => {
    const d = read(
      [
        page([
          line(row(0), ['Универсальный передаточный документ', 0.08, 0.5]),
          line(row(1), ['Счёт-фактура № 77 от 01.02.2024', 0.08, 0.5]),
          line(row(2), ['Продавец:', 0.08, 0.2], ['ООО «Ромашка»', 0.22, 0.5]),
          line(row(3), ['ИНН/КПП продавца:', 0.08, 0.3], [`${SELLER_INN}/773601001`, 0.32, 0.6]),
          line(
            row(4),
            ['Грузополучатель и его адрес:', 0.08, 0.4],
            ['ООО «Склад», ИНН 7728123459', 0.42, 0.8],
          ),
          line(row(5), ['Покупатель:', 0.08, 0.2], ['ООО «Василёк»', 0.22, 0.5]),
          line(row(6), ['ИНН/КПП покупателя:', 0.08, 0.3], [`${BUYER_INN}/500301001`, 0.32, 0.6]),
        ]),
      ],
      { country: 'RU' },
    );
    expect(d.seller).toMatchObject({ inn: SELLER_INN, kpp: '773601001' });
    // The consignee's ИНН is neither party's.
    expect(d.buyer.inn).toBe(BUYER_INN);
    expect(d.payment.accounts).toEqual([]);
  });

  it('reports a labelled account that fails its key with the БИК, and the checks flag it', () => {
    const wrong = '40702810038000012345';
    const d = read(
      [
        page([
          line(row(0), [`ИНН ${SELLER_INN}`, 0.08, 0.3]),
          line(row(1), [`р/с ${wrong} в ПАО Сбербанк, БИК ${BIK}`, 0.08, 0.8]),
          line(row(2), [`Прочий номер ${'12345678901234567890'}`, 0.08, 0.6]),
        ]),
      ],
      { country: 'RU' },
    );
    expect(d.payment.accounts[0]).toEqual({ account: wrong, bik: BIK });
    const { fields_detailed } = project(d, runChecks(d, '2024-04-01'), ru);
    expect(fields_detailed.find((f) => f.key === 'seller_account')).toMatchObject({
      status: 'flagged',
      value: wrong,
    });
  });

  it('leaves an account below the bar when no БИК lets its key be checked', () => {
    const d = read([page([line(row(0), [`Расчётный счёт: ${ACCOUNT}`, 0.08, 0.6])])], { country: 'RU' });
    expect(d.payment.accounts[0]).toEqual({ account: ACCOUNT });
    expect(d.provenance['payment.accounts.0.account']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('takes an unlabelled 20-digit number only when it carries the key of the БИК', () => {
    const d = read(
      [
        page([
          line(row(0), [`БИК ${BIK}`, 0.08, 0.3]),
          line(row(1), ['Договор 12345678901234567890', 0.08, 0.6]),
        ]),
      ],
      { country: 'RU' },
    );
    expect(d.payment.accounts).toEqual([{ bik: BIK }]);
  });

  it('finds nothing Russian on a German invoice', () => {
    const d = read([
      page([line(row(0), ['Rechnung 4711', 0.08, 0.3]), line(row(1), ['Konto 123456789', 0.08, 0.4])]),
    ]);
    expect(d.seller.inn).toBeUndefined();
    expect(d.payment.accounts).toEqual([]);
  });
});

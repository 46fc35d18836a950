// A CSV for 1C-style import (decisions §18): UTF-8 with BOM, `;`, decimal comma, dates DD.MM.YYYY,
// one row per invoice (or per VAT rate), with a stable header in Russian and the seller's
// ИНН, КПП, БИК and settlement account.
import {
  confirmed,
  decimalComma,
  type ExportFile,
  type ExportJob,
  ExportRefused,
  type Refusal,
  rateLines,
} from './input.js';

/** The header, in this order; documented in docs/exports.md and never reordered. */
export const LEDGER_RU_HEADER: readonly string[] = [
  'Дата',
  'Номер',
  'Поставщик',
  'ИНН поставщика',
  'КПП поставщика',
  'БИК',
  'Расчётный счёт',
  'Сумма без НДС',
  'Ставка НДС',
  'Сумма НДС',
  'Сумма с НДС',
  'Валюта',
];

/** A cell: quoted when it holds `;`, a quote or a line break. */
const cell = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export function writeLedgerRu(jobs: ExportJob[]): ExportFile {
  const refusals: Refusal[] = [];
  const rows: string[] = [];
  for (const job of jobs) {
    const gross = confirmed(job, 'gross_amount', refusals);
    const date = confirmed(job, 'invoice_date', refusals);
    const number = confirmed(
      job,
      job.fields.invoice_no !== undefined ? 'invoice_no' : 'invoice_number',
      refusals,
    );
    if (!gross || !date || !number) continue;
    const d = job.document;
    const account = d.payment.accounts.find((a) => a.account || a.bik) ?? d.payment.accounts[0];
    for (const line of rateLines(job, gross)) {
      rows.push(
        [
          ruDate(date),
          number,
          job.fields.seller_name || job.fields.vendor_name || d.seller.name || '',
          job.fields.seller_inn || d.seller.inn || '',
          job.fields.seller_kpp || d.seller.kpp || '',
          job.fields.seller_bik || account?.bik || '',
          job.fields.seller_account || account?.account || '',
          line.net ? decimalComma(line.net) : '',
          line.rate ? `${Number(line.rate)}%` : '',
          line.vat ? decimalComma(line.vat) : '',
          decimalComma(line.gross),
          job.fields.currency || d.currency || '',
        ]
          .map(cell)
          .join(';'),
      );
    }
  }
  if (refusals.length) throw new ExportRefused(refusals);
  const text = `\uFEFF${[LEDGER_RU_HEADER.join(';'), ...rows].join('\r\n')}\r\n`;
  return {
    filename: 'ledger-ru.csv',
    contentType: 'text/csv; charset=utf-8',
    bytes: Buffer.from(text, 'utf8'),
  };
}

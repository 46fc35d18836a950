// What the invoice tables (list, exports) show the same way: an invoice's status colour, its
// seller, number, date and total columns, what is left to check as short badges (only the counts
// there are), and the sorting buttons' names.
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './DataTable.js';
import type { JobStatus, JobSummary } from './data.js';
import { formatAmount, formatDate } from './format.js';
import { UI_NAMESPACE } from './i18n/index.js';

export const JOB_COLOURS: Record<JobStatus | (string & {}), string> = {
  queued: 'gray',
  processing: 'brand',
  done: 'green',
  failed: 'red',
};

/** "2 flagged", "1 unconfirmed", or that nothing is left: never "0 unconfirmed". */
export function ToCheck({ flagged, unconfirmed }: { flagged: number; unconfirmed: number }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (flagged + unconfirmed === 0) return <span className="ir-ok">{t('list.all_fine')}</span>;
  return (
    <span className="ir-checks">
      {flagged > 0 && <Badge color="red">{t('list.flagged', { count: flagged })}</Badge>}
      {unconfirmed > 0 && <Badge color="orange">{t('list.unconfirmed', { count: unconfirmed })}</Badge>}
    </span>
  );
}

/** The name of a column's sorting button, for its tooltip. */
export function useSortLabel(): (column: string, dir: 'asc' | 'desc' | false) => string {
  const { t } = useTranslation(UI_NAMESPACE);
  return useCallback(
    (column, dir) =>
      t(dir === 'asc' ? 'table.sorted_asc' : dir === 'desc' ? 'table.sorted_desc' : 'table.sort', { column }),
    [t],
  );
}

/** The seller, number, date and total columns of an invoice table, in the page's locale. */
export function invoiceColumns(t: TFunction, locale: string): DataColumn<JobSummary>[] {
  const total = (j: JobSummary) => (j.gross_amount ? formatAmount(j.gross_amount, j.currency, locale) : '');
  return [
    {
      id: 'seller',
      header: t('list.col.seller'),
      truncate: true,
      text: (j) => j.seller,
      sortValue: (j) => (j.seller || '').toLocaleLowerCase(locale),
      cell: (j) => j.seller,
    },
    {
      id: 'number',
      header: t('list.col.number'),
      width: '8rem',
      truncate: true,
      text: (j) => j.invoice_no,
      cell: (j) => j.invoice_no,
    },
    {
      id: 'date',
      header: t('list.col.date'),
      width: '8rem',
      nowrap: true,
      sortValue: (j) => j.invoice_date || '',
      cell: (j) => (j.invoice_date ? formatDate(j.invoice_date, locale) : ''),
    },
    {
      id: 'total',
      header: t('list.col.total'),
      width: '8.5rem',
      numeric: true,
      text: total,
      sortValue: (j) => (j.gross_amount ? Number(j.gross_amount) : Number.NEGATIVE_INFINITY),
      cell: total,
    },
  ];
}

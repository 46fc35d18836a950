// What the invoice tables (list, exports) show the same way: an invoice's status colour, what is
// left to check as short badges (only the counts there are), and the sorting buttons' names.
import { Badge } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobStatus } from './data.js';
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

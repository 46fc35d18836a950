// The invoice list: upload zone, status filter and search, and a table that keeps itself up to
// date while any invoice is still being read (it polls until none is queued or processing).
import { Badge, NativeSelect, TextInput } from '@mantine/core';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, useInvoiceUi } from './context.js';
import { type DataColumn, DataTable } from './DataTable.js';
import { DataError, type JobSummary } from './data.js';
import { anyRunning, filterJobs, type StatusFilter } from './filters.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { readErrorKey } from './messages.js';
import { invoiceColumns, JOB_COLOURS, ToCheck, useSortLabel } from './table-cells.js';
import { UploadZone } from './UploadZone.js';

const STATUSES: StatusFilter[] = ['all', 'review', 'queued', 'processing', 'done', 'failed'];
const POLL_MS = 1500;

/**
 * `changes`: a host that hears of changed invoices (the desktop core's job events) counts them
 * here; the list loads again when it moves, keeping the drop zone's list of files added.
 */
export function InvoiceList({ country, changes }: { country?: string; changes?: number }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  const [jobs, setJobs] = useState<JobSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [query, setQuery] = useState('');
  const headingId = useId();
  const sortLabel = useSortLabel();

  const load = useCallback(() => {
    data.listJobs().then(
      (list) => {
        setJobs(list);
        setFailed(false);
      },
      (err: unknown) => {
        if (err instanceof DataError && err.status === 401) signedOut?.();
        setFailed(true);
      },
    );
  }, [data, signedOut]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new count of changes loads again
  useEffect(load, [load, changes]);
  useEffect(() => title?.(t('list.title')), [title, t]);
  const running = jobs ? anyRunning(jobs) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new list arms the next poll
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, jobs, load]);

  const shown = useMemo(() => (jobs ? filterJobs(jobs, { status, query }) : []), [jobs, status, query]);
  const locale = i18n.language;

  const columns = useMemo<DataColumn<JobSummary>[]>(
    () => [
      {
        id: 'file',
        header: t('list.col.file'),
        primary: true,
        text: (j) => j.filename || `#${j.job_id}`,
        sortValue: (j) => (j.filename || '').toLocaleLowerCase(locale),
        cell: (j) => (
          <>
            <AppLink href={links.invoice(j.job_id)} className="ir-cut-text" title={j.filename || undefined}>
              {j.filename || `#${j.job_id}`}
            </AppLink>
            {j.error && <span className="ir-cell-note ir-error">{t(readErrorKey(j.error))}</span>}
          </>
        ),
      },
      {
        id: 'status',
        header: t('list.col.status'),
        width: '9rem',
        sortValue: (j) => j.status,
        cell: (j) => (
          <span>
            <Badge className="ir-badge" color={JOB_COLOURS[j.status]}>
              {t(`status.${j.status}`)}
            </Badge>
            {j.mode && <span className="ir-cell-note">{t(`mode.${j.mode}`)}</span>}
          </span>
        ),
      },
      ...invoiceColumns(t, locale),
      {
        id: 'check',
        header: t('list.col.flags'),
        width: '8.5rem',
        sortValue: (j) => (j.status === 'done' ? j.flagged * 1000 + j.unconfirmed : -1),
        cell: (j) =>
          j.status === 'done' ? <ToCheck flagged={j.flagged} unconfirmed={j.unconfirmed} /> : null,
      },
    ],
    [t, locale, links],
  );

  return (
    <div className="ir-screen">
      <div className="ir-head">
        <div>
          <h1 id={headingId} tabIndex={-1}>
            {t('list.title')}
          </h1>
          <p className="ir-muted ir-small" aria-live="polite">
            {jobs && t('list.count', { shown: shown.length, total: jobs.length })}
            {running && ` ${t('list.refreshing')}`}
          </p>
        </div>
      </div>
      <UploadZone country={country} onUploaded={load} />
      <div className="ir-toolbar">
        <NativeSelect
          label={t('list.filter')}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as StatusFilter)}
          data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <TextInput
          type="search"
          label={t('list.search')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
        />
      </div>
      {failed && (
        <p className="ir-error" role="alert">
          {t('list.load_error')}
        </p>
      )}
      {jobs && jobs.length === 0 && <p>{t('list.empty')}</p>}
      {jobs && jobs.length > 0 && shown.length === 0 && <p>{t('list.none_match')}</p>}
      {shown.length > 0 && (
        <DataTable
          columns={columns}
          rows={shown}
          rowKey={(j) => j.job_id}
          rowAttrs={(j) => ({ 'data-job-id': j.job_id, 'data-status': j.status })}
          labelledBy={headingId}
          sortLabel={sortLabel}
          cardsBelow={880}
        />
      )}
    </div>
  );
}

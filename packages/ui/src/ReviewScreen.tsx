// The review screen, a document workbench: the page large (PageView: zoom, pan, fit, thumbnails)
// beside the fields in groups (document, seller, buyer, amounts, payment), each flagged or
// unconfirmed one with its reason in words; a field and its box on the page mark each other.
// Keyboard only: Tab between fields, Enter accepts the value (or saves the correction the server
// checks) and moves to the next field to check, Alt+N opens the next invoice. Also reading again
// with another country, and deleting. Under the workbench the line items and the VAT breakdown.
import { Badge, Button, NativeSelect } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, useBusy } from './BusyButton.js';
import { AppLink, useInvoiceUi } from './context.js';
import { DataError, type WebJob } from './data.js';
import { useConfirmFocus } from './dialog.js';
import { FieldRow } from './FieldRow.js';
import { FIELD_GROUPS, fieldGroup, groupedFields } from './field-groups.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { LineItemsPanel } from './LineItemsPanel.js';
import { lineItemsOf } from './line-items.js';
import { isJobId, type LoadFailure, loadFailure, readErrorKey } from './messages.js';
import { PageView } from './PageView.js';
import { enterOutcome, fieldRefusalKey, initialReview, reviewReducer } from './review-flow.js';
import { JOB_COLOURS } from './table-cells.js';

const POLL_MS = 1500;
const isRunning = (j: WebJob | null) => j?.status === 'queued' || j?.status === 'processing';

/**
 * `aside`: what the host adds under the fields (the web app's request to the seller for a
 * corrected invoice).
 */
export function ReviewScreen({ jobId, aside }: { jobId: number; aside?: ReactNode }) {
  // A new invoice starts with a fresh state (no drafts or errors of the previous one).
  return <Review key={jobId} jobId={jobId} aside={aside} />;
}

function Review({ jobId, aside }: { jobId: number; aside?: ReactNode }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  const [job, setJob] = useState<WebJob | null>(null);
  const [loadError, setLoadError] = useState<LoadFailure | null>(null);
  const [state, dispatch] = useReducer(reviewReducer, initialReview);
  const [page, setPage] = useState(1);
  const [hovered, setHovered] = useState<string | null>(null);
  const [countries, setCountries] = useState<{ code: string; name: string }[]>([]);
  const [country, setCountry] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteAlso, setDeleteAlso] = useState<'service' | null>(null);
  const [notice, setNotice] = useState('');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const moveFocus = useRef(false);
  // Focus on Cancel while it asks (Enter alone never deletes), Escape closes, back to Delete after.
  const cancelRef = useConfirmFocus(confirmDelete, () => setConfirmDelete(false));
  // Reading again and deleting: one request at a time, its button keeping the focus (BusyButton).
  const { busy, run } = useBusy<'reparse' | 'delete'>();
  const fieldsHeading = useRef<HTMLHeadingElement>(null);
  const linesHeading = useRef<HTMLHeadingElement>(null);

  const show = useCallback((j: WebJob) => {
    setJob(j);
    setCountry((c) => c || j.country.toLowerCase());
    dispatch({ type: 'load', fields: groupedFields(j.fields_detailed) });
  }, []);

  const load = useCallback(() => {
    // An address that cannot name an invoice (`/invoices/abc`) is not asked for.
    if (!isJobId(jobId)) {
      setLoadError('not_found');
      return;
    }
    data.getJob(jobId).then(show, (err: unknown) => {
      const failure = loadFailure(err);
      // Signed out meanwhile: the host sends the person to sign in, as its other screens do.
      if (failure === 'signed_out') signedOut?.();
      setLoadError(failure);
    });
  }, [data, jobId, show, signedOut]);
  useEffect(load, [load]);
  const screenTitle = loadError
    ? t(loadError === 'not_found' ? 'review.not_found' : 'review.load_failed')
    : job
      ? t('review.title', { name: job.filename || `#${job.job_id}` })
      : t('review.loading');
  useEffect(() => title?.(screenTitle), [title, screenTitle]);
  useEffect(() => {
    if (!isRunning(job)) return;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, load]);
  useEffect(() => {
    data.countries(i18n.language).then(setCountries, () => setCountries([]));
  }, [data, i18n.language]);

  // After Enter the next field to check takes the focus, and its page is shown.
  useEffect(() => {
    const f = state.fields.find((x) => x.key === state.active);
    if (f?.page) setPage(f.page);
    if (moveFocus.current && state.active) {
      moveFocus.current = false;
      inputs.current.get(state.active)?.focus();
    }
  }, [state.active, state.fields]);

  const nextInvoice = useCallback(async () => {
    const list = await data.listJobs();
    const at = list.findIndex((j) => j.job_id === jobId);
    const rest = [...list.slice(at + 1), ...list.slice(0, Math.max(at, 0))];
    const next = rest.find((j) => j.status === 'done' && j.flagged + j.unconfirmed > 0) ?? rest[0];
    if (next) links.navigate(links.invoice(next.job_id));
  }, [data, jobId, links]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === 'KeyN') {
        e.preventDefault();
        void nextInvoice();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nextInvoice]);

  const accept = (key: string) => {
    const field = state.fields.find((f) => f.key === key);
    if (!field || state.saving) return;
    // A date or an amount typed the way the person's language writes it is sent in machine form.
    const outcome = enterOutcome(field, state.drafts[key], i18n.language);
    moveFocus.current = true;
    if (outcome.kind === 'move') return dispatch({ type: 'next' });
    if (outcome.kind === 'error')
      return dispatch({
        type: 'failed',
        key,
        message: t(outcome.message === 'empty' ? 'review.empty_value' : `review.invalid.${outcome.message}`),
      });
    dispatch({ type: 'submit', key });
    data.patchFields(jobId, { [key]: outcome.value }).then(
      (j) => {
        setJob(j);
        dispatch({ type: 'saved', key, fields: groupedFields(j.fields_detailed) });
      },
      (err: unknown) => {
        // The service's refusal of this field in words of the person's language, by its kind.
        const refused = err instanceof DataError ? fieldRefusalKey(err.items, key) : null;
        const message = refused
          ? t(refused)
          : t('review.error', { code: err instanceof DataError ? err.code : 'network_error' });
        dispatch({ type: 'failed', key, message });
      },
    );
  };

  const reparse = () =>
    run('reparse', () =>
      data
        .reparse(jobId, country)
        .then(show, (err: unknown) =>
          setNotice(t('review.error', { code: err instanceof DataError ? err.code : 'network_error' })),
        ),
    );

  const remove = () =>
    run('delete', () =>
      data.deleteJob(jobId).then(
        () => links.navigate(links.list),
        (err: unknown) => {
          setConfirmDelete(false);
          setNotice(t('review.error', { code: err instanceof DataError ? err.code : 'network_error' }));
        },
      ),
    );

  if (loadError)
    return (
      <div className="ir-screen">
        <p>
          <AppLink href={links.list}>{t('review.back')}</AppLink>
        </p>
        <h1 tabIndex={-1}>{t(loadError === 'not_found' ? 'review.not_found' : 'review.load_failed')}</h1>
        {loadError === 'signed_out' && (
          <p role="alert" className="ir-error">
            {t('upload.error.not_authenticated')}
          </p>
        )}
      </div>
    );
  if (!job)
    return (
      <div className="ir-screen">
        <h1 tabIndex={-1}>{t('review.loading')}</h1>
      </div>
    );

  const name = job.filename || `#${job.job_id}`;
  const editable = job.status === 'done';
  const pages = Math.max(1, job.pages);
  const allChecked =
    editable && state.fields.every((f) => f.status === 'confirmed' || f.status === 'missing');
  const shownFields = job.status === 'failed' ? [] : state.fields;
  const lineItems = editable ? lineItemsOf(job.document) : null;
  const lineCount = lineItems?.lines.length ?? 0;
  const linesOff = lineItems?.lines.filter((l) => l.mismatch).length ?? 0;
  const groups = FIELD_GROUPS.map((g) => ({
    g,
    fields: shownFields.filter((f) => fieldGroup(f.key) === g),
  })).filter((x) => x.fields.length > 0);
  const pick = (key: string) => {
    dispatch({ type: 'focus', key });
    inputs.current.get(key)?.focus();
  };

  return (
    <div className="ir-screen">
      <p>
        <AppLink href={links.list} className="ir-back">
          <svg
            viewBox="0 0 24 24"
            width="16"
            height="16"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M19 12H5M11 18l-6-6 6-6" />
          </svg>
          {t('review.back')}
        </AppLink>
      </p>
      <div className="ir-review-head">
        <div>
          <h1 tabIndex={-1}>{t('review.title', { name })}</h1>
          <div className="ir-review-meta">
            <Badge className="ir-badge" color={JOB_COLOURS[job.status]}>
              {t(`status.${job.status}`)}
            </Badge>
            <span className="ir-muted ir-small">{t(`mode.${job.mode ?? 'none'}`)}</span>
          </div>
        </div>
        <div className="ir-review-actions">
          <Button onClick={() => void nextInvoice()} aria-keyshortcuts="Alt+N">
            {t('review.next_invoice')}
          </Button>
        </div>
      </div>
      <p id="ir-review-hint" className="ir-muted ir-small">
        {t('review.hint')} <span className="ir-keyboard">{t('review.hint_next')}</span>
      </p>
      {isRunning(job) && <p aria-live="polite">{t('review.running')}</p>}
      {job.status === 'failed' && (
        <div className="ir-error" role="alert" data-testid="read-failed">
          <p>{t('review.failed', { message: t(readErrorKey(job.error)) })}</p>
          {job.message && <p className="ir-detail">{t('review.failed_detail', { message: job.message })}</p>}
        </div>
      )}
      {notice && (
        <p className="ir-error" role="alert">
          {notice}
        </p>
      )}
      <div className="ir-workbench">
        <PageView
          jobId={jobId}
          pages={pages}
          page={page}
          onPage={setPage}
          name={name}
          fields={state.fields}
          active={state.active}
          hovered={hovered}
          onHover={setHovered}
          onPick={pick}
        />
        <section className="ir-fields-panel" aria-labelledby="ir-fields-title">
          <div className="ir-head">
            <h2 id="ir-fields-title" ref={fieldsHeading} tabIndex={-1}>
              {t('review.fields')}
            </h2>
            {allChecked && (
              <p className="ir-ok ir-small" aria-live="polite">
                {t('review.all_checked')}
              </p>
            )}
          </div>
          {/* The lines are under the page, out of sight on a large screen: the way down to them. */}
          {lineCount > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              className="ir-to-lines"
              onClick={() => {
                linesHeading.current?.scrollIntoView({ block: 'start' });
                linesHeading.current?.focus({ preventScroll: true });
              }}
            >
              {t(linesOff ? 'lines.jump_off' : 'lines.jump', { count: lineCount, off: linesOff })}
            </Button>
          )}
          {/* A file that could not be read has no field "not found on the invoice": nothing was read. */}
          {job.status === 'failed' && <p>{t('review.failed_no_fields')}</p>}
          {groups.map(({ g, fields }) => (
            <section key={g} className="ir-group" aria-labelledby={`ir-group-${g}`}>
              <h3 id={`ir-group-${g}`}>{t(`group.${g}`)}</h3>
              <ul className="ir-fields">
                {fields.map((f) => (
                  <FieldRow
                    key={f.key}
                    field={f}
                    currency={job.fields.currency ?? ''}
                    locale={i18n.language}
                    draft={state.drafts[f.key]}
                    error={state.errors[f.key]}
                    active={state.active === f.key}
                    hovered={hovered === f.key}
                    saving={state.saving === f.key}
                    editable={editable}
                    inputRef={(el) => {
                      if (el) inputs.current.set(f.key, el);
                      else inputs.current.delete(f.key);
                    }}
                    onFocus={() => dispatch({ type: 'focus', key: f.key })}
                    onHover={(over) => setHovered(over ? f.key : null)}
                    onEdit={(value) => dispatch({ type: 'edit', key: f.key, value })}
                    onAccept={() => accept(f.key)}
                    focusWhenGone={fieldsHeading}
                  />
                ))}
              </ul>
            </section>
          ))}
          <div className="ir-card">
            <div className="ir-toolbar">
              <NativeSelect
                label={t('review.reparse_country')}
                value={country}
                onChange={(e) => setCountry(e.currentTarget.value)}
                data={[
                  ...(!countries.some((c) => c.code.toLowerCase() === country)
                    ? [{ value: country, label: country }]
                    : []),
                  ...countries.map((c) => ({ value: c.code.toLowerCase(), label: `${c.name} (${c.code})` })),
                ]}
                style={{ flex: '1 1 12rem' }}
              />
              {/* Unavailable while asked and while the invoice is read again, but still focused. */}
              <BusyButton variant="default" onClick={reparse} busy={busy !== null || isRunning(job)}>
                {t('review.reparse')}
              </BusyButton>
              <BusyButton
                color="red"
                variant="outline"
                onClick={() => {
                  setConfirmDelete(true);
                  data.deleteAlso?.(jobId).then(setDeleteAlso, () => setDeleteAlso(null));
                }}
                busy={busy !== null || isRunning(job)}
              >
                {t('review.delete')}
              </BusyButton>
            </div>
            <p role="status" data-testid="review-busy" className="ir-small">
              {busy === 'reparse' ? t('review.reparsing') : busy === 'delete' ? t('review.deleting') : ''}
            </p>
            {confirmDelete && (
              <div className="ir-dialog" role="alertdialog" aria-labelledby="ir-delete-q">
                <p id="ir-delete-q">
                  {t('review.delete_confirm')}
                  {deleteAlso === 'service' && ` ${t('review.delete_on_service')}`}
                </p>
                <BusyButton color="red" onClick={remove} busy={busy !== null}>
                  {t('review.delete_yes')}
                </BusyButton>
                <Button variant="default" ref={cancelRef} onClick={() => setConfirmDelete(false)}>
                  {t('review.cancel')}
                </Button>
              </div>
            )}
          </div>
          {aside}
        </section>
      </div>
      {/* The whole width: a table of seven columns does not fit beside the page. */}
      <LineItemsPanel job={job} onSaved={show} headingRef={linesHeading} />
    </div>
  );
}

// The review screen: the page picture with the fields' boxes beside the fields, each flagged or
// unconfirmed one with its reason in words. Keyboard only: Tab between fields, Enter accepts the
// value (or saves the correction the server checks) and moves to the next field to check, Alt+N
// opens the next invoice. Also reading again with another country, and deleting.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, useBusy } from './BusyButton.js';
import { AppLink, useInvoiceUi } from './context.js';
import { DataError, type WebJob } from './data.js';
import { useConfirmFocus } from './dialog.js';
import { FieldRow } from './FieldRow.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { isJobId, type LoadFailure, loadFailure, readErrorKey } from './messages.js';
import { PageView } from './PageView.js';
import { enterOutcome, fieldRefusalKey, initialReview, reviewReducer } from './review-flow.js';
import { UiStyles } from './styles.js';

const POLL_MS = 1500;
const isRunning = (j: WebJob | null) => j?.status === 'queued' || j?.status === 'processing';

export function ReviewScreen({ jobId }: { jobId: number }) {
  // A new invoice starts with a fresh state (no drafts or errors of the previous one).
  return <Review key={jobId} jobId={jobId} />;
}

function Review({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  const [job, setJob] = useState<WebJob | null>(null);
  const [loadError, setLoadError] = useState<LoadFailure | null>(null);
  const [state, dispatch] = useReducer(reviewReducer, initialReview);
  const [page, setPage] = useState(1);
  const [pageSrc, setPageSrc] = useState<string | null>(null);
  const [countries, setCountries] = useState<{ code: string; name: string }[]>([]);
  const [country, setCountry] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState('');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const moveFocus = useRef(false);
  // Focus on Cancel while it asks (Enter alone never deletes), Escape closes, back to Delete after.
  const cancelRef = useConfirmFocus(confirmDelete, () => setConfirmDelete(false));
  // Reading again and deleting: one request at a time, its button keeping the focus (BusyButton).
  const { busy, run } = useBusy<'reparse' | 'delete'>();
  const fieldsHeading = useRef<HTMLHeadingElement>(null);

  const show = useCallback((j: WebJob) => {
    setJob(j);
    setCountry((c) => c || j.country.toLowerCase());
    dispatch({ type: 'load', fields: j.fields_detailed });
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
  // A host may answer the page's address later (fetched over IPC): a stale answer is dropped.
  useEffect(() => {
    let current = true;
    const src = data.pageImageUrl(jobId, page);
    if (typeof src === 'string' || src === null) setPageSrc(src);
    else
      src.then(
        (url) => current && setPageSrc(url),
        () => current && setPageSrc(null),
      );
    return () => {
      current = false;
    };
  }, [data, jobId, page]);
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
        dispatch({ type: 'saved', key, fields: j.fields_detailed });
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
        <UiStyles />
        <h1>{t(loadError === 'not_found' ? 'review.not_found' : 'review.load_failed')}</h1>
        {loadError === 'signed_out' && (
          <p role="alert" className="ir-error">
            {t('upload.error.not_authenticated')}
          </p>
        )}
        <p>
          <AppLink href={links.list}>{t('review.back')}</AppLink>
        </p>
      </div>
    );
  if (!job) return <p className="ir-screen">{t('review.loading')}</p>;

  const name = job.filename || `#${job.job_id}`;
  const editable = job.status === 'done';
  const pages = Math.max(1, job.pages);
  const allChecked =
    editable && state.fields.every((f) => f.status === 'confirmed' || f.status === 'missing');

  return (
    <div className="ir-screen">
      <UiStyles />
      <p>
        <AppLink href={links.list}>{t('review.back')}</AppLink>
      </p>
      <h1>{t('review.title', { name })}</h1>
      <p>
        <span className={`ir-badge ir-st-${job.status}`}>{t(`status.${job.status}`)}</span>{' '}
        {t(`mode.${job.mode ?? 'none'}`)}
      </p>
      <p id="ir-review-hint">{t('review.hint')}</p>
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
      <div className="ir-review">
        <section aria-label={t('review.page', { n: page, total: pages })}>
          {pages > 1 && (
            <nav className="ir-pager" aria-label={t('review.page', { n: page, total: pages })}>
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('review.prev_page')}
              </button>
              <span aria-live="polite">{t('review.page', { n: page, total: pages })}</span>
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('review.next_page')}
              </button>
            </nav>
          )}
          <PageView
            src={pageSrc}
            page={page}
            name={name}
            fields={state.fields}
            active={state.active}
            onPick={(key) => {
              dispatch({ type: 'focus', key });
              inputs.current.get(key)?.focus();
            }}
          />
        </section>
        <section aria-labelledby="ir-fields-title">
          <h2 id="ir-fields-title" ref={fieldsHeading} tabIndex={-1}>
            {t('review.fields')}
          </h2>
          {allChecked && (
            <p className="ir-ok" aria-live="polite">
              {t('review.all_checked')}
            </p>
          )}
          {/* A file that could not be read has no field "not found on the invoice": nothing was read. */}
          {job.status === 'failed' && <p>{t('review.failed_no_fields')}</p>}
          <ul className="ir-fields">
            {(job.status === 'failed' ? [] : state.fields).map((f) => (
              <FieldRow
                key={f.key}
                field={f}
                currency={job.fields.currency ?? ''}
                locale={i18n.language}
                draft={state.drafts[f.key]}
                error={state.errors[f.key]}
                active={state.active === f.key}
                saving={state.saving === f.key}
                editable={editable}
                inputRef={(el) => {
                  if (el) inputs.current.set(f.key, el);
                  else inputs.current.delete(f.key);
                }}
                onFocus={() => dispatch({ type: 'focus', key: f.key })}
                onEdit={(value) => dispatch({ type: 'edit', key: f.key, value })}
                onAccept={() => accept(f.key)}
                focusWhenGone={fieldsHeading}
              />
            ))}
          </ul>
          <p>
            <button
              type="button"
              className="ir-primary"
              onClick={() => void nextInvoice()}
              aria-keyshortcuts="Alt+N"
            >
              {t('review.next_invoice')}
            </button>
          </p>
          <div className="ir-toolbar">
            <label>
              {t('review.reparse_country')}
              <select value={country} onChange={(e) => setCountry(e.target.value)}>
                {!countries.some((c) => c.code.toLowerCase() === country) && (
                  <option value={country}>{country}</option>
                )}
                {countries.map((c) => (
                  <option key={c.code} value={c.code.toLowerCase()}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </select>
            </label>
            {/* Unavailable while asked and while the invoice is read again, but still focused. */}
            <BusyButton onClick={reparse} busy={busy !== null || isRunning(job)}>
              {t('review.reparse')}
            </BusyButton>
            <BusyButton
              className="ir-danger"
              onClick={() => setConfirmDelete(true)}
              busy={busy !== null || isRunning(job)}
            >
              {t('review.delete')}
            </BusyButton>
          </div>
          <p role="status" data-testid="review-busy">
            {busy === 'reparse' ? t('review.reparsing') : busy === 'delete' ? t('review.deleting') : ''}
          </p>
          {confirmDelete && (
            <div className="ir-dialog" role="alertdialog" aria-labelledby="ir-delete-q">
              <p id="ir-delete-q">{t('review.delete_confirm')}</p>
              <BusyButton className="ir-danger" onClick={remove} busy={busy !== null}>
                {t('review.delete_yes')}
              </BusyButton>{' '}
              <button type="button" ref={cancelRef} onClick={() => setConfirmDelete(false)}>
                {t('review.cancel')}
              </button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

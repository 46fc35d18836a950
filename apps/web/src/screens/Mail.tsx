// The connected mailbox: whether one is connected and its address, connect (the provider's
// consent page) and disconnect, "Scan now" with its result, the attachments read from the inbox
// linked to their invoices, and the letters sent about invoices with their states. Its buttons
// keep the keyboard's place while they work (BusyButton), one request at a time, said while it
// runs; when disconnecting takes the mailbox's buttons away, the focus goes to its heading.
import {
  BusyButton,
  type DataColumn,
  DataTable,
  useBusy,
  useConfirmFocus,
  useSortLabel,
} from '@invoice-reader/ui';
import { Button, NativeSelect } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, api } from '../api';
import { formatDateTime } from '../format';
import type {
  Countries,
  InboxItem,
  InboxList,
  InboxScan,
  LetterItem,
  Letters,
  MailAccount,
  MailConnect,
  MailDisconnect,
} from '../types';
import { useLoad } from '../useLoad';
import { useTitle } from './title';

const RUNNING = new Set(['queued', 'processing']);

export function Mail() {
  const { t, i18n } = useTranslation();
  useTitle(t('mail.title'));
  const lang = i18n.language;
  const [search] = useSearchParams();
  const account = useLoad<MailAccount>('/api/v1/mail/account');
  const inbox = useLoad<InboxList>('/api/v1/inbox');
  const letters = useLoad<Letters>('/api/v1/letters');
  const countries = useLoad<Countries>(`/api/v1/api/countries?lang=${lang}`);
  const [country, setCountry] = useState('DE');
  const { busy, run, leave } = useBusy<'connect' | 'disconnect' | 'scan'>();
  const heading = useRef<HTMLHeadingElement>(null);
  const sortLabel = useSortLabel();
  const [scan, setScan] = useState<InboxScan | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The confirmation takes the focus (on Cancel), Escape closes it, the focus goes back after.
  const cancelRef = useConfirmFocus(confirming, () => setConfirming(false));
  const [note, setNote] = useState('');
  const [failed, setFailed] = useState('');
  const connected = account.data?.connected === true;
  const { reload: reloadInbox } = inbox;

  const { reload: reloadLetters } = letters;

  // While an invoice of the inbox is still being read, or a letter waits to go, look again
  // every few seconds.
  const pending = inbox.data?.items.some((i) => RUNNING.has(i.status)) ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void reloadInbox(), 2000);
    return () => clearInterval(timer);
  }, [pending, reloadInbox]);
  const queued = letters.data?.items.some((l) => l.status === 'queued') ?? false;
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(() => void reloadLetters(), 2000);
    return () => clearInterval(timer);
  }, [queued, reloadLetters]);

  // One request at a time: a press while one runs does nothing.
  const act = (what: 'connect' | 'disconnect' | 'scan', action: () => Promise<void>) =>
    run(what, async () => {
      setFailed('');
      setNote('');
      try {
        await action();
      } catch (err) {
        const detail = err instanceof ApiError ? err.detail : '';
        setFailed(t(`mail.error.${detail}`, { defaultValue: t('common.failed') }));
      }
    });

  const connect = () =>
    act('connect', async () => {
      const out = await api<MailConnect>('/api/v1/mail/account/connect', { method: 'POST' });
      leave(out.url);
    });
  const disconnect = () =>
    act('disconnect', async () => {
      setConfirming(false);
      const out = await api<MailDisconnect>('/api/v1/mail/account', { method: 'DELETE' });
      setScan(null);
      setNote(
        out.provider_revoked ? t('mail.disconnected') : `${t('mail.disconnected')} ${t('mail.revokeByHand')}`,
      );
      await Promise.all([account.reload(), letters.reload()]);
    });
  const scanNow = () =>
    act('scan', async () => {
      setScan(null);
      setScan(
        await api<InboxScan>(`/api/v1/inbox/scan?country=${country.toLowerCase()}`, { method: 'POST' }),
      );
      await reloadInbox();
    });
  // What the status line says: what is under way (a scan says so beside its result), or what was done.
  const working =
    busy === 'connect' ? t('mail.connecting') : busy === 'disconnect' ? t('mail.disconnecting') : '';

  const inboxColumns: DataColumn<InboxItem>[] = [
    {
      id: 'attachment',
      header: t('mail.attachment'),
      primary: true,
      text: (i) => i.attachment,
      cell: (i) =>
        i.job_id !== null && i.status !== 'deleted' ? (
          <Link to={`/invoices/${i.job_id}`} className="ir-cut-text" title={i.attachment}>
            {i.attachment}
          </Link>
        ) : (
          <span className="ir-cut-text" title={i.attachment}>
            {i.attachment}
          </span>
        ),
    },
    { id: 'sender', header: t('mail.sender'), truncate: true, text: (i) => i.sender, cell: (i) => i.sender },
    {
      id: 'subject',
      header: t('mail.subject'),
      truncate: true,
      text: (i) => i.subject,
      cell: (i) => i.subject,
    },
    {
      id: 'date',
      header: t('mail.date'),
      width: '10.5rem',
      nowrap: true,
      sortValue: (i) => i.date ?? '',
      cell: (i) => formatDateTime(i.date, lang),
    },
    {
      id: 'status',
      header: t('mail.status'),
      width: '10rem',
      cell: (i) => (
        <>
          {t(`mail.itemState.${i.status}`, { defaultValue: i.status })}
          {i.duplicate && `, ${t('mail.known')}`}
          {i.error && i.status !== 'skipped' && <span className="ir-cell-note">{i.error}</span>}
        </>
      ),
    },
  ];
  const letterColumns: DataColumn<LetterItem>[] = [
    {
      id: 'invoice',
      header: t('mail.invoice'),
      primary: true,
      text: (l) => l.invoice_title || `#${l.job_id}`,
      cell: (l) => (
        <Link to={`/invoices/${l.job_id}`} className="ir-cut-text" title={l.invoice_title || undefined}>
          {l.invoice_title || `#${l.job_id}`}
        </Link>
      ),
    },
    {
      id: 'created',
      header: t('mail.created'),
      width: '10.5rem',
      nowrap: true,
      sortValue: (l) => l.created_at,
      cell: (l) => formatDateTime(l.created_at, lang),
    },
    {
      id: 'debtor',
      header: t('mail.debtor'),
      truncate: true,
      text: (l) => l.debtor || '—',
      cell: (l) => l.debtor || '—',
    },
    { id: 'to', header: t('mail.to'), truncate: true, text: (l) => l.to, cell: (l) => l.to },
    {
      id: 'state',
      header: t('mail.state'),
      width: '9rem',
      cell: (l) => (
        <>
          {t(`mail.letterState.${l.status}`)}
          {l.error && <span className="ir-cell-note">{l.error}</span>}
        </>
      ),
    },
  ];

  return (
    <section className="ir-screen">
      <h1 tabIndex={-1}>{t('mail.title')}</h1>
      {(failed || account.error) && (
        <p role="alert" className="ir-error">
          {failed || t('common.failed')}
        </p>
      )}
      <p role="status" className="ir-ok">
        {working || note || (search.get('mail') === 'connected' && connected ? t('mail.justConnected') : '')}
      </p>

      <section className="ir-card" aria-labelledby="mailbox-title">
        <h2 id="mailbox-title" ref={heading} tabIndex={-1}>
          {t('mail.mailbox')}
        </h2>
        {account.data && (
          <div data-testid="mailbox" className="ir-screen">
            {connected ? (
              <p>
                {t('mail.connectedAs', { address: account.data.address ?? '—' })}{' '}
                {account.data.connected_at &&
                  t('mail.since', { date: formatDateTime(account.data.connected_at, lang) })}
              </p>
            ) : (
              <p>{t('mail.notConnected')}</p>
            )}
            {/* One button in one place: Disconnect opens the confirmation and has the focus back while
                the mailbox is disconnected; then, still focused, it is "Connect a mailbox". */}
            <div>
              <BusyButton
                variant={connected ? 'default' : 'filled'}
                busy={busy !== null}
                focusWhenGone={heading}
                onClick={connected ? () => setConfirming(true) : connect}
              >
                {connected ? t('mail.disconnect') : t('mail.connect')}
              </BusyButton>
            </div>
          </div>
        )}
        {confirming && (
          <div
            role="alertdialog"
            aria-labelledby="disconnect-title"
            aria-describedby="disconnect-text"
            className="ir-card confirm"
          >
            <h2 id="disconnect-title">{t('mail.disconnectTitle')}</h2>
            <p id="disconnect-text">{t('mail.disconnectText')}</p>
            <div className="ir-toolbar">
              <Button color="red" onClick={disconnect}>
                {t('mail.disconnectConfirm')}
              </Button>
              <Button variant="default" ref={cancelRef} onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </div>
          </div>
        )}

        {connected && (
          <form
            className="inline"
            onSubmit={(e) => {
              e.preventDefault();
              void scanNow();
            }}
          >
            <NativeSelect
              id="scan-country"
              label={t('mail.country')}
              value={country}
              onChange={(e) => setCountry(e.currentTarget.value)}
              data={(countries.data?.countries ?? [{ code: 'DE', name: 'DE' }]).map((c) => ({
                value: c.code,
                label: c.name,
              }))}
            />
            <BusyButton type="submit" busy={busy !== null} focusWhenGone={heading}>
              {t('mail.scan')}
            </BusyButton>
          </form>
        )}
        <div aria-live="polite" data-testid="scan-result">
          {busy === 'scan' && !scan && <p>{t('mail.scanning')}</p>}
          {scan && (
            <p>
              {t('mail.scanResult', {
                messages: scan.messages,
                read: scan.read,
                known: scan.duplicates,
                skipped: scan.skipped,
              })}
              {scan.waiting > 0 && ` ${t('mail.waiting', { count: scan.waiting })}`}
              {scan.more && ` ${t('mail.more')}`}
            </p>
          )}
        </div>
      </section>

      <h2 id="inbox-title">{t('mail.inbox')}</h2>
      {inbox.data?.items.length ? (
        <DataTable
          testId="inbox"
          columns={inboxColumns}
          rows={inbox.data.items}
          rowKey={(i) => i.id}
          rowAttrs={(i) => ({ 'data-status': i.status })}
          labelledBy="inbox-title"
          sortLabel={sortLabel}
          cardsBelow={820}
        />
      ) : (
        <p>{t('mail.noInbox')}</p>
      )}

      <h2 id="letters-title">{t('mail.letters')}</h2>
      {letters.data?.items.length ? (
        <DataTable
          testId="letters"
          columns={letterColumns}
          rows={letters.data.items}
          rowKey={(l) => l.id}
          rowAttrs={(l) => ({ 'data-status': l.status })}
          labelledBy="letters-title"
          sortLabel={sortLabel}
          cardsBelow={820}
        />
      ) : (
        <p>{t('mail.noLetters')}</p>
      )}
    </section>
  );
}

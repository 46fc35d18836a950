// The connected mailbox: whether one is connected and its address, connect (the provider's
// consent page) and disconnect, "Scan now" with its result, the attachments read from the inbox
// linked to their invoices, and the letters sent about invoices with their states. Its buttons
// keep the keyboard's place while they work (BusyButton), one request at a time, said while it
// runs; when disconnecting takes the mailbox's buttons away, the focus goes to its heading.
import { BusyButton, useBusy, useConfirmFocus } from '@invoice-reader/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, api } from '../api';
import { formatDateTime } from '../format';
import type {
  Countries,
  InboxList,
  InboxScan,
  Letters,
  MailAccount,
  MailConnect,
  MailDisconnect,
} from '../types';
import { useLoad } from '../useLoad';
import { TableScroll } from './TableScroll';
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

  return (
    <section>
      <h1>{t('mail.title')}</h1>
      {(failed || account.error) && <p role="alert">{failed || t('common.failed')}</p>}
      <p role="status">
        {working || note || (search.get('mail') === 'connected' && connected ? t('mail.justConnected') : '')}
      </p>

      <h2 ref={heading} tabIndex={-1}>
        {t('mail.mailbox')}
      </h2>
      {account.data && (
        <div data-testid="mailbox">
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
          <BusyButton
            className={connected ? 'secondary' : undefined}
            busy={busy !== null}
            focusWhenGone={heading}
            onClick={connected ? () => setConfirming(true) : connect}
          >
            {connected ? t('mail.disconnect') : t('mail.connect')}
          </BusyButton>
        </div>
      )}
      {confirming && (
        <div
          role="alertdialog"
          aria-labelledby="disconnect-title"
          aria-describedby="disconnect-text"
          className="confirm"
        >
          <h2 id="disconnect-title">{t('mail.disconnectTitle')}</h2>
          <p id="disconnect-text">{t('mail.disconnectText')}</p>
          <button type="button" className="danger" onClick={disconnect}>
            {t('mail.disconnectConfirm')}
          </button>{' '}
          <button type="button" className="secondary" ref={cancelRef} onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
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
          <label htmlFor="scan-country">{t('mail.country')}</label>
          <select id="scan-country" value={country} onChange={(e) => setCountry(e.target.value)}>
            {(countries.data?.countries ?? [{ code: 'DE', name: 'DE' }]).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
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

      <h2>{t('mail.inbox')}</h2>
      {inbox.data?.items.length ? (
        <TableScroll label={t('mail.inbox')}>
          <table data-testid="inbox">
            <thead>
              <tr>
                <th scope="col">{t('mail.sender')}</th>
                <th scope="col">{t('mail.subject')}</th>
                <th scope="col">{t('mail.date')}</th>
                <th scope="col">{t('mail.attachment')}</th>
                <th scope="col">{t('mail.status')}</th>
              </tr>
            </thead>
            <tbody>
              {inbox.data.items.map((i) => (
                <tr key={i.id} data-status={i.status}>
                  <td>{i.sender}</td>
                  <td>{i.subject}</td>
                  <td>{formatDateTime(i.date, lang)}</td>
                  <td>
                    {i.job_id !== null && i.status !== 'deleted' ? (
                      <Link to={`/invoices/${i.job_id}`}>{i.attachment}</Link>
                    ) : (
                      i.attachment
                    )}
                  </td>
                  <td>
                    {t(`mail.itemState.${i.status}`, { defaultValue: i.status })}
                    {i.duplicate && `, ${t('mail.known')}`}
                    {i.error && i.status !== 'skipped' && ` (${i.error})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>{t('mail.noInbox')}</p>
      )}

      <h2>{t('mail.letters')}</h2>
      {letters.data?.items.length ? (
        <TableScroll label={t('mail.letters')}>
          <table data-testid="letters">
            <thead>
              <tr>
                <th scope="col">{t('mail.created')}</th>
                <th scope="col">{t('mail.invoice')}</th>
                <th scope="col">{t('mail.debtor')}</th>
                <th scope="col">{t('mail.to')}</th>
                <th scope="col">{t('mail.state')}</th>
              </tr>
            </thead>
            <tbody>
              {letters.data.items.map((l) => (
                <tr key={l.id} data-status={l.status}>
                  <td>{formatDateTime(l.created_at, lang)}</td>
                  <td>
                    <Link to={`/invoices/${l.job_id}`}>{l.invoice_title || `#${l.job_id}`}</Link>
                  </td>
                  <td>{l.debtor || '—'}</td>
                  <td>{l.to}</td>
                  <td>
                    {t(`mail.letterState.${l.status}`)}
                    {l.error && ` (${l.error})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>{t('mail.noLetters')}</p>
      )}
    </section>
  );
}

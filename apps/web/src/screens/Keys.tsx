// API keys: add one with a label (shown once), revoke and rotate, each after a confirmation
// (a revoked key stops working at once; on rotating the new key replaces the old one). Each
// request keeps the keyboard's place while it runs (BusyButton), one at a time, said while it
// runs; when revoking or rotating takes the key's buttons away, the focus goes to the heading.
import { BusyButton, useBusy, useConfirmFocus } from '@invoice-reader/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { formatDateTime } from '../format';
import type { Key, Keys as KeysOut, NewKey } from '../types';
import { useLoad } from '../useLoad';
import { NewKeyBox } from './NewKeyBox';
import { TableScroll } from './TableScroll';
import { useTitle } from './title';

export function Keys() {
  const { t, i18n } = useTranslation();
  useTitle(t('keys.title'));
  const lang = i18n.language;
  const { data, error, reload } = useLoad<KeysOut>('/api/v1/api/keys');
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<NewKey | null>(null);
  // The key a confirmation asks about, and whether it would rotate or revoke it.
  const [confirming, setConfirming] = useState<{ key: Key; action: 'rotate' | 'revoke' } | null>(null);
  const cancelRef = useConfirmFocus(confirming !== null, () => setConfirming(null));
  const [failed, setFailed] = useState('');
  const { busy, run: runBusy } = useBusy<'add' | 'revoke' | 'rotate'>();
  const heading = useRef<HTMLHeadingElement>(null);

  const run = (what: 'add' | 'revoke' | 'rotate', action: () => Promise<void>) =>
    runBusy(what, async () => {
      setFailed('');
      try {
        await action();
      } catch {
        setFailed(t('common.failed'));
      }
      await reload();
    });

  const add = (e: FormEvent) => {
    e.preventDefault();
    void run('add', async () => {
      setCreated(await api<NewKey>('/api/v1/api/keys', { json: { label } }));
      setLabel('');
    });
  };
  const revoke = (k: Key) =>
    run('revoke', async () => {
      setConfirming(null);
      await api(`/api/v1/api/keys/${k.id}/revoke`, { method: 'POST' });
    });
  const rotate = (k: Key) =>
    run('rotate', async () => {
      setConfirming(null);
      setCreated(await api<NewKey>('/api/v1/api/key/rotate', { json: { key_id: k.id } }));
    });

  return (
    <section>
      <h1 ref={heading} tabIndex={-1}>
        {t('keys.title')}
      </h1>
      <p role="status" data-testid="keys-status">
        {busy === 'add'
          ? t('keys.adding')
          : busy === 'revoke'
            ? t('keys.revoking')
            : busy === 'rotate'
              ? t('keys.rotating')
              : ''}
      </p>
      {(error || failed) && <p role="alert">{t('common.failed')}</p>}
      {created && <NewKeyBox created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={add} className="inline">
        <label htmlFor="key-label">{t('keys.label')}</label>
        <input
          id="key-label"
          type="text"
          maxLength={60}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <BusyButton type="submit" busy={busy !== null}>
          {t('keys.add')}
        </BusyButton>
      </form>
      {confirming && (
        <div
          role="alertdialog"
          aria-labelledby="confirm-title"
          aria-describedby="confirm-text"
          className="confirm"
        >
          <h2 id="confirm-title">
            {t(`keys.${confirming.action}Title`, { label: confirming.key.label || confirming.key.prefix })}
          </h2>
          <p id="confirm-text">{t(`keys.${confirming.action}Text`)}</p>
          <BusyButton
            className="danger"
            busy={busy !== null}
            onClick={() => (confirming.action === 'rotate' ? rotate : revoke)(confirming.key)}
          >
            {t(`keys.${confirming.action}Confirm`)}
          </BusyButton>{' '}
          <button type="button" className="secondary" ref={cancelRef} onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
      {data && data.keys.length === 0 && <p>{t('keys.none')}</p>}
      {data && data.keys.length > 0 && (
        <TableScroll label={t('keys.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('keys.label')}</th>
                <th scope="col">{t('keys.prefix')}</th>
                <th scope="col">{t('keys.created')}</th>
                <th scope="col">{t('keys.lastUsed')}</th>
                <th scope="col">{t('keys.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('keys.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.keys.map((k) => (
                <tr key={k.id}>
                  <td>{k.label || '—'}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td>{formatDateTime(k.created_at, lang)}</td>
                  <td>{k.last_used_at ? formatDateTime(k.last_used_at, lang) : t('keys.never')}</td>
                  <td>{k.active ? t('keys.active') : t(`keys.${k.revoked_reason ?? 'revoked'}`)}</td>
                  <td className="actions">
                    {k.active && (
                      <>
                        {/* The focus comes back here while the key is revoked or rotated. */}
                        <BusyButton
                          className="secondary"
                          busy={busy !== null}
                          focusWhenGone={heading}
                          aria-label={t('keys.rotateOne', { label: k.label || k.prefix })}
                          onClick={() => setConfirming({ key: k, action: 'rotate' })}
                        >
                          {t('keys.rotate')}
                        </BusyButton>{' '}
                        <BusyButton
                          className="danger"
                          busy={busy !== null}
                          focusWhenGone={heading}
                          aria-label={t('keys.revokeOne', { label: k.label || k.prefix })}
                          onClick={() => setConfirming({ key: k, action: 'revoke' })}
                        >
                          {t('keys.revoke')}
                        </BusyButton>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

// API keys: add one with a label (shown once), revoke and rotate, each after a confirmation
// (a revoked key stops working at once; on rotating the new key replaces the old one). Each
// request keeps the keyboard's place while it runs (BusyButton), one at a time, said while it
// runs and then that it is done; when revoking or rotating takes the key's buttons away, the
// focus goes to the heading.
import {
  BusyButton,
  type DataColumn,
  DataTable,
  useBusy,
  useConfirmFocus,
  useSortLabel,
} from '@invoice-reader/ui';
import { Button, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { formatDateTime } from '../format';
import type { Key, Keys as KeysOut, NewKey } from '../types';
import { useLoad } from '../useLoad';
import { NewKeyBox } from './NewKeyBox';
import { useTitle } from './title';

/** The status line's sentence once each request is done. */
const DONE = { add: 'keys.added', revoke: 'keys.revokedDone', rotate: 'keys.rotatedDone' } as const;

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
  /** What the last request did, said on the status line once it is done. */
  const [said, setSaid] = useState('');
  const sortLabel = useSortLabel();

  const run = (what: 'add' | 'revoke' | 'rotate', action: () => Promise<void>) =>
    runBusy(what, async () => {
      setFailed('');
      setSaid('');
      try {
        await action();
        setSaid(DONE[what]);
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

  const columns: DataColumn<Key>[] = [
    {
      id: 'label',
      header: t('keys.label'),
      primary: true,
      truncate: true,
      text: (k) => k.label || '—',
      cell: (k) => k.label || '—',
    },
    { id: 'prefix', header: t('keys.prefix'), width: '9rem', cell: (k) => <code>{k.prefix}…</code> },
    {
      id: 'created',
      header: t('keys.created'),
      width: '11rem',
      nowrap: true,
      sortValue: (k) => k.created_at,
      cell: (k) => formatDateTime(k.created_at, lang),
    },
    {
      id: 'used',
      header: t('keys.lastUsed'),
      width: '11rem',
      nowrap: true,
      cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at, lang) : t('keys.never')),
    },
    {
      id: 'state',
      header: t('keys.state'),
      width: '7rem',
      cell: (k) => (k.active ? t('keys.active') : t(`keys.${k.revoked_reason ?? 'revoked'}`)),
    },
    {
      id: 'actions',
      header: t('keys.actions'),
      hideHeader: true,
      width: '13rem',
      cell: (k) =>
        k.active && (
          <span className="ir-toolbar">
            {/* The focus comes back here while the key is revoked or rotated. */}
            <BusyButton
              size="xs"
              variant="default"
              busy={busy !== null}
              focusWhenGone={heading}
              aria-label={t('keys.rotateOne', { label: k.label || k.prefix })}
              onClick={() => setConfirming({ key: k, action: 'rotate' })}
            >
              {t('keys.rotate')}
            </BusyButton>
            <BusyButton
              size="xs"
              color="red"
              variant="outline"
              busy={busy !== null}
              focusWhenGone={heading}
              aria-label={t('keys.revokeOne', { label: k.label || k.prefix })}
              onClick={() => setConfirming({ key: k, action: 'revoke' })}
            >
              {t('keys.revoke')}
            </BusyButton>
          </span>
        ),
    },
  ];

  return (
    <section className="ir-screen">
      <h1 ref={heading} tabIndex={-1}>
        {t('keys.title')}
      </h1>
      <p role="status" data-testid="keys-status" className="ir-ok">
        {busy === 'add'
          ? t('keys.adding')
          : busy === 'revoke'
            ? t('keys.revoking')
            : busy === 'rotate'
              ? t('keys.rotating')
              : said
                ? t(said)
                : ''}
      </p>
      {(error || failed) && (
        <p role="alert" className="ir-error">
          {t('common.failed')}
        </p>
      )}
      {created && <NewKeyBox created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={add} className="inline">
        <TextInput
          className="grow"
          id="key-label"
          label={t('keys.label')}
          maxLength={60}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
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
          className="ir-card confirm"
        >
          <h2 id="confirm-title">
            {t(`keys.${confirming.action}Title`, { label: confirming.key.label || confirming.key.prefix })}
          </h2>
          <p id="confirm-text">{t(`keys.${confirming.action}Text`)}</p>
          <div className="ir-toolbar">
            <BusyButton
              color="red"
              busy={busy !== null}
              onClick={() => (confirming.action === 'rotate' ? rotate : revoke)(confirming.key)}
            >
              {t(`keys.${confirming.action}Confirm`)}
            </BusyButton>
            <Button variant="default" ref={cancelRef} onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      )}
      {data && data.keys.length === 0 && <p>{t('keys.none')}</p>}
      {data && data.keys.length > 0 && (
        <DataTable
          columns={columns}
          rows={data.keys}
          rowKey={(k) => k.id}
          label={t('keys.title')}
          sortLabel={sortLabel}
          cardsBelow={820}
        />
      )}
    </section>
  );
}

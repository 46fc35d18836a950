// /app/device: a person signed in here confirms the code the desktop app shows (the app opened this
// page with the code filled in, or the person types it); the app then receives its own session.
// A code that is mistyped, expired or used says so, and nothing is signed in.
import { BusyButton, useBusy } from '@invoice-reader/ui';
import { TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../api';
import { useTitle } from './title';

export function DeviceConfirm() {
  const { t } = useTranslation();
  useTitle(t('device.title'));
  const [code, setCode] = useState(() => new URLSearchParams(location.search).get('code') ?? '');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState('');
  const { busy, run } = useBusy<'confirm'>();

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    return run('confirm', async () => {
      setError('');
      try {
        const answer = await api<{ client: string }>('/api/v1/auth/device/confirm', {
          json: { user_code: code },
        });
        setDone(answer.client || t('device.theApp'));
      } catch (err) {
        setError(
          err instanceof ApiError && err.detail === 'invalid_code'
            ? t('device.invalid')
            : err instanceof ApiError && err.status === 429
              ? t('device.tooMany')
              : t('common.failed'),
        );
      }
    });
  };

  return (
    <section className="ir-screen" aria-labelledby="device-title">
      <h1 id="device-title" tabIndex={-1}>
        {t('device.title')}
      </h1>
      {done ? (
        <p role="status">{t('device.done', { client: done })}</p>
      ) : (
        <form onSubmit={confirm} className="ir-card" style={{ maxWidth: '28rem' }}>
          <p>{t('device.lead')}</p>
          <TextInput
            label={t('device.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <p className="ir-small ir-muted">{t('device.hint')}</p>
          <BusyButton type="submit" busy={busy !== null}>
            {t('device.confirm')}
          </BusyButton>
          {error && (
            <p role="alert" className="ir-error">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

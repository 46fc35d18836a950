// The account: who is signed in, the PIN asked after the sign-in link, signing out here or on
// every device. Saving or removing the PIN keeps the keyboard's place while it runs (BusyButton),
// one request at a time, said while it runs; removing it takes its button away, and the focus
// goes to the PIN's heading.
import { BusyButton, useBusy } from '@invoice-reader/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../api';
import { useSession } from '../session';
import type { PinStatus } from '../types';
import { useLoad } from '../useLoad';
import { useTitle } from './title';

export function Account() {
  const { t } = useTranslation();
  useTitle(t('account.title'));
  const { me, signedOut } = useSession();
  const navigate = useNavigate();
  const pin = useLoad<PinStatus>('/api/v1/auth/pin/status');
  const [newPin, setNewPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy<'save' | 'remove'>();
  const pinHeading = useRef<HTMLHeadingElement>(null);

  const signOut = async (everywhere: boolean) => {
    await api(everywhere ? '/api/v1/auth/logout_all' : '/api/v1/auth/logout', { method: 'POST' }).catch(
      () => undefined,
    );
    signedOut();
    navigate('/sign-in', { replace: true });
  };

  const savePin = (e: FormEvent, value: string) => {
    e.preventDefault();
    return run(value ? 'save' : 'remove', () => sendPin(value));
  };
  const sendPin = async (value: string) => {
    setError('');
    setMessage('');
    try {
      await api('/api/v1/auth/pin/set', { json: { pin: value, current: currentPin } });
      setMessage(value ? t('account.pinSaved') : t('account.pinRemoved'));
      setNewPin('');
      setCurrentPin('');
      await pin.reload();
    } catch (err) {
      setError(
        err instanceof ApiError && err.detail === 'wrong_pin'
          ? t('account.wrongPin')
          : err instanceof ApiError && err.status === 422
            ? t('account.pinRule')
            : t('common.failed'),
      );
    }
  };

  return (
    <section>
      <h1>{t('account.title')}</h1>
      <p>{t('account.signedInAs', { email: me?.email ?? '' })}</p>
      <h2 ref={pinHeading} tabIndex={-1}>
        {t('account.pinTitle')}
      </h2>
      <p>{pin.data?.enabled ? t('account.pinOn') : t('account.pinOff')}</p>
      <form onSubmit={(e) => savePin(e, newPin)}>
        {pin.data?.enabled && (
          <>
            <label htmlFor="current-pin">{t('account.currentPin')}</label>
            <input
              id="current-pin"
              inputMode="numeric"
              autoComplete="off"
              value={currentPin}
              onChange={(e) => setCurrentPin(e.target.value)}
            />
          </>
        )}
        <label htmlFor="new-pin">{t('account.newPin')}</label>
        <input
          id="new-pin"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4,8}"
          required
          aria-describedby="pin-rule"
          value={newPin}
          onChange={(e) => setNewPin(e.target.value)}
        />
        <p id="pin-rule" className="hint">
          {t('account.pinRule')}
        </p>
        <BusyButton type="submit" busy={busy !== null} focusWhenGone={pinHeading}>
          {t('account.savePin')}
        </BusyButton>{' '}
        {pin.data?.enabled && (
          <BusyButton
            className="secondary"
            busy={busy !== null}
            focusWhenGone={pinHeading}
            onClick={(e) => savePin(e, '')}
          >
            {t('account.removePin')}
          </BusyButton>
        )}
      </form>
      <p role="status">
        {busy === 'save' ? t('account.savingPin') : busy === 'remove' ? t('account.removingPin') : message}
      </p>
      {error && <p role="alert">{error}</p>}
      <h2>{t('account.signOutTitle')}</h2>
      <button type="button" onClick={() => signOut(false)}>
        {t('account.signOut')}
      </button>{' '}
      <button type="button" className="danger" onClick={() => signOut(true)}>
        {t('account.signOutEverywhere')}
      </button>
    </section>
  );
}

// The account: who is signed in, the PIN asked after the sign-in link, the way to the company
// profile, signing out here or on every device. Saving or removing the PIN keeps the keyboard's place while it runs (BusyButton),
// one request at a time, said while it runs; removing it takes its button away, and the focus
// goes to the PIN's heading.
import { BusyButton, useBusy } from '@invoice-reader/ui';
import { Button, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
    <section className="ir-screen">
      <div>
        <h1 tabIndex={-1}>{t('account.title')}</h1>
        <p className="ir-muted">{t('account.signedInAs', { email: me?.email ?? '' })}</p>
      </div>
      <section className="ir-card" aria-labelledby="pin-title">
        <h2 id="pin-title" ref={pinHeading} tabIndex={-1}>
          {t('account.pinTitle')}
        </h2>
        <p>{pin.data?.enabled ? t('account.pinOn') : t('account.pinOff')}</p>
        <form onSubmit={(e) => savePin(e, newPin)} className="ir-screen" style={{ maxWidth: '24rem' }}>
          {pin.data?.enabled && (
            <TextInput
              id="current-pin"
              label={t('account.currentPin')}
              inputMode="numeric"
              autoComplete="off"
              value={currentPin}
              onChange={(e) => setCurrentPin(e.currentTarget.value)}
            />
          )}
          <TextInput
            id="new-pin"
            label={t('account.newPin')}
            description={t('account.pinRule')}
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{4,8}"
            required
            value={newPin}
            onChange={(e) => setNewPin(e.currentTarget.value)}
          />
          <div className="ir-toolbar">
            <BusyButton type="submit" busy={busy !== null} focusWhenGone={pinHeading}>
              {t('account.savePin')}
            </BusyButton>
            {pin.data?.enabled && (
              <BusyButton
                variant="default"
                busy={busy !== null}
                focusWhenGone={pinHeading}
                onClick={(e) => savePin(e, '')}
              >
                {t('account.removePin')}
              </BusyButton>
            )}
          </div>
        </form>
        <p role="status" className="ir-ok">
          {busy === 'save' ? t('account.savingPin') : busy === 'remove' ? t('account.removingPin') : message}
        </p>
        {error && (
          <p role="alert" className="ir-error">
            {error}
          </p>
        )}
      </section>
      <section className="ir-card" aria-labelledby="company-title">
        <h2 id="company-title">{t('company.title', { ns: 'ui' })}</h2>
        <p>{t('company.intro', { ns: 'ui' })}</p>
        <p>
          <Link to="/account/company">{t('account.companyEdit')}</Link>
        </p>
      </section>
      <section className="ir-card" aria-labelledby="sign-out-title">
        <h2 id="sign-out-title">{t('account.signOutTitle')}</h2>
        <div className="ir-toolbar">
          <Button variant="default" onClick={() => signOut(false)}>
            {t('account.signOut')}
          </Button>
          <Button color="red" variant="outline" onClick={() => signOut(true)}>
            {t('account.signOutEverywhere')}
          </Button>
        </div>
      </section>
    </section>
  );
}

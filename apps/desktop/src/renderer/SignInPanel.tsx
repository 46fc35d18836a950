// Signing the app in to the hosted service (shown while sync is on): by the e-mailed link pasted
// here, with the PIN step when the account has a PIN; or by a code the app shows, confirmed on the
// web page it opens in the browser (where the person is signed in), after which the app receives
// its own session. Signed in: who, and signing out.
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceSignIn } from '../core/sync.js';
import type { DesktopApi, SyncStatus } from '../ipc.js';
import { signInErrorKey } from './sign-in-errors.js';

type Step = 'email' | 'link' | 'pin' | 'device';

export function SignInPanel({ api }: { api: DesktopApi }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [link, setLink] = useState('');
  const [pin, setPin] = useState('');
  const [device, setDevice] = useState<DeviceSignIn | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const polling = useRef(0);

  const refresh = useCallback(() => {
    void api.syncStatus().then(setStatus);
  }, [api]);
  useEffect(refresh, [refresh]);
  // A device sign-in left unfinished stops asking when the panel goes.
  useEffect(
    () => () => {
      polling.current++;
    },
    [],
  );

  const attempt = async (run: () => Promise<void>) => {
    setError('');
    setMessage('');
    try {
      await run();
    } catch (err) {
      setError(t(signInErrorKey(err)));
    }
  };
  const signedIn = (who: { email: string; pinRequired?: boolean }) => {
    if (who.pinRequired) {
      setStep('pin');
      return;
    }
    setStep('email');
    setLink('');
    setPin('');
    setDevice(null);
    setMessage(t('signedInAs', { email: who.email }));
    refresh();
  };

  const sendLink = (e: FormEvent) => {
    e.preventDefault();
    void attempt(async () => {
      await api.startSignIn(email);
      setStep('link');
      setMessage(t('linkSent', { email }));
    });
  };
  const submitLink = (e: FormEvent) => {
    e.preventDefault();
    void attempt(async () => signedIn(await api.finishSignIn(link)));
  };
  const submitPin = (e: FormEvent) => {
    e.preventDefault();
    void attempt(async () => signedIn(await api.finishSignInWithPin(link, pin)));
  };
  const startDevice = () =>
    attempt(async () => {
      const started = await api.startDeviceSignIn();
      setDevice(started);
      setStep('device');
      await api.openExternal(started.verificationUriComplete);
      // Asks every `interval` seconds (the service's pace) until confirmed, expired or left.
      const round = ++polling.current;
      for (;;) {
        await new Promise((r) => setTimeout(r, started.intervalSeconds * 1000));
        if (round !== polling.current) return;
        const answer = await api.pollDeviceSignIn().catch((err: unknown) => {
          // Expired or refused: back to the start, with the reason said below.
          setStep('email');
          setDevice(null);
          throw err;
        });
        if (round !== polling.current) return;
        if (!('pending' in answer)) return signedIn(answer);
      }
    });
  const cancel = () => {
    polling.current++;
    setStep('email');
    setDevice(null);
    setError('');
    setMessage('');
  };
  const signOut = () =>
    attempt(async () => {
      await api.signOut();
      setMessage(t('signedOut'));
      refresh();
    });

  if (!status) return null;
  return (
    <section aria-labelledby="sign-in-title">
      <h3 id="sign-in-title">{t('signIn')}</h3>
      {status.signedIn ? (
        <p>
          {t('signedInAs', { email: status.account ?? '' })}{' '}
          <Button size="compact-sm" variant="default" onClick={signOut}>
            {t('signOut')}
          </Button>
        </p>
      ) : step === 'email' ? (
        <>
          <form onSubmit={sendLink} className="ir-toolbar">
            <TextInput
              type="email"
              label={t('email')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
            />
            <Button type="submit">{t('sendLink')}</Button>
          </form>
          <p>
            {t('orCode')}{' '}
            <Button variant="default" onClick={startDevice}>
              {t('signInWithCode')}
            </Button>
          </p>
        </>
      ) : step === 'link' ? (
        <form onSubmit={submitLink} className="ir-toolbar">
          <TextInput
            label={t('pasteLink')}
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            required
            style={{ flex: '1 1 24rem' }}
          />
          <Button type="submit">{t('signInButton')}</Button>
          <Button variant="default" onClick={cancel}>
            {t('cancel')}
          </Button>
        </form>
      ) : step === 'pin' ? (
        <form onSubmit={submitPin} className="ir-toolbar">
          <PasswordInput
            label={t('pin')}
            description={t('pinLead')}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
          />
          <Button type="submit">{t('signInButton')}</Button>
          <Button variant="default" onClick={cancel}>
            {t('cancel')}
          </Button>
        </form>
      ) : (
        device && (
          <div>
            <p>{t('codeLead')}</p>
            <p className="device-code" data-testid="device-code">
              {device.userCode}
            </p>
            <p className="ir-small ir-muted">{t('codeWaiting', { url: device.verificationUri })}</p>
            <Button variant="default" onClick={() => void api.openExternal(device.verificationUriComplete)}>
              {t('openPageAgain')}
            </Button>{' '}
            <Button variant="default" onClick={cancel}>
              {t('cancel')}
            </Button>
          </div>
        )
      )}
      <p role="status">{message}</p>
      {error && (
        <p role="alert" className="ir-error">
          {error}
        </p>
      )}
    </section>
  );
}

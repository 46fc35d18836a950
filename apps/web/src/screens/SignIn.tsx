// Sign-in by e-mailed link: the address, then "check your mail". The link opens the server's
// verify page, which signs in (with the PIN when set) and comes back to /app. The button keeps
// the keyboard's place while the link is asked for (BusyButton); the focus then goes to
// "check your mail".

import { BusyButton, useBusy } from '@invoice-reader/ui';
import { Button, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../api';
import { Icon } from '../icons';
import { LanguageSelect } from '../LanguageSelect';
import { keepNext, safeNext } from '../next-path';
import { useSession } from '../session';
import { useTitle } from './title';

export function SignIn() {
  const { t, i18n } = useTranslation();
  useTitle(t('signIn.title'));
  const { me } = useSession();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useBusy<'send'>();
  const checkMail = useRef<HTMLHeadingElement>(null);
  const next = safeNext(params.get('next'));
  if (me) return <Navigate to={next ?? '/'} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('send', async () => {
      setError('');
      try {
        // The link opens /app/ (perhaps in another tab): where to go on is kept for it.
        keepNext(next);
        await api('/api/v1/auth/start', { json: { email, lang: i18n.language } });
        setSent(true);
      } catch (err) {
        setError(err instanceof ApiError && err.status === 429 ? t('signIn.tooMany') : t('common.failed'));
      }
    });
  };

  return (
    <main id="main" className="sign-in">
      <div>
        <p className="sign-in-top">
          <a className="brand" href={`/${i18n.language}`}>
            <span className="brand-mark">
              <Icon name="logo" size={18} />
            </span>
            Invoice Reader
          </a>
          <LanguageSelect />
        </p>
        <div className="ir-card ir-screen">
          <h1>{t('signIn.title')}</h1>
          {sent ? (
            <div role="status" className="ir-screen">
              <h2 ref={checkMail} tabIndex={-1}>
                {t('signIn.checkMail')}
              </h2>
              <p>{t('signIn.checkMailLead', { email })}</p>
              <div>
                <Button variant="subtle" px={0} onClick={() => setSent(false)}>
                  {t('signIn.again')}
                </Button>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} className="ir-screen">
              <p className="ir-muted">{t('signIn.lead')}</p>
              <TextInput
                id="email"
                type="email"
                label={t('signIn.email')}
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <BusyButton type="submit" fullWidth busy={busy !== null} focusWhenGone={checkMail}>
                {t('signIn.submit')}
              </BusyButton>
              <p role="status" className="ir-small ir-muted">
                {busy ? t('signIn.sending') : ''}
              </p>
              {error && (
                <p role="alert" className="ir-error">
                  {error}
                </p>
              )}
            </form>
          )}
        </div>
      </div>
    </main>
  );
}

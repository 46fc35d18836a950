// Sign-in by e-mailed link: the address, then "check your mail". The link opens the server's
// verify page, which signs in (with the PIN when set) and comes back to /app. The button keeps
// the keyboard's place while the link is asked for (BusyButton); the focus then goes to
// "check your mail".

import { BusyButton, useBusy } from '@invoice-reader/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../api';
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
    <main id="main" className="narrow">
      <p className="sign-in-top">
        <a className="brand" href={`/${i18n.language}`}>
          Invoice Reader
        </a>
        <LanguageSelect />
      </p>
      <h1>{t('signIn.title')}</h1>
      {sent ? (
        <div role="status">
          <h2 ref={checkMail} tabIndex={-1}>
            {t('signIn.checkMail')}
          </h2>
          <p>{t('signIn.checkMailLead', { email })}</p>
          <button type="button" className="link" onClick={() => setSent(false)}>
            {t('signIn.again')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit}>
          <p>{t('signIn.lead')}</p>
          <label htmlFor="email">{t('signIn.email')}</label>
          <input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <BusyButton type="submit" busy={busy !== null} focusWhenGone={checkMail}>
            {t('signIn.submit')}
          </BusyButton>
          <p role="status">{busy ? t('signIn.sending') : ''}</p>
          {error && <p role="alert">{error}</p>}
        </form>
      )}
    </main>
  );
}

// Sign-in by e-mailed link: the address, then "check your mail". The link opens the server's
// verify page, which signs in (with the PIN when set) and comes back to /app.
import { type FormEvent, useState } from 'react';
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
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));
  if (me) return <Navigate to={next ?? '/'} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      // The link opens /app/ (perhaps in another tab): where to go on is kept for it.
      keepNext(next);
      await api('/api/v1/auth/start', { json: { email, lang: i18n.language } });
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? t('signIn.tooMany') : t('common.failed'));
    } finally {
      setBusy(false);
    }
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
          <h2>{t('signIn.checkMail')}</h2>
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
          <button type="submit" disabled={busy}>
            {t('signIn.submit')}
          </button>
          {error && <p role="alert">{error}</p>}
        </form>
      )}
    </main>
  );
}

// The frame of every signed-in screen: a skip link, the navigation, the language choice, and
// the screen itself in <main>.
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { LanguageSelect } from './LanguageSelect';
import { useSession } from './session';

const NAV = [
  ['/invoices', 'nav.invoices'],
  ['/exports', 'nav.exports'],
  ['/api', 'nav.api'],
  ['/api/keys', 'nav.keys'],
  ['/api/usage', 'nav.usage'],
  ['/api/calculator', 'nav.calculator'],
  ['/mail', 'nav.mail'],
  ['/plans', 'nav.plans'],
  ['/account', 'nav.account'],
] as const;

export function Layout() {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <>
      <a className="skip" href="#main">
        {t('common.skip')}
      </a>
      <header className="top">
        <a className="brand" href="/">
          Invoice Reader
        </a>
        <nav aria-label={t('nav.label')}>
          <ul>
            {NAV.map(([to, key]) => (
              <li key={to}>
                <NavLink to={to} end>
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="who">{me?.email}</span>
        <LanguageSelect />
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

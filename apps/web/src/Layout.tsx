// The frame of every signed-in screen: a skip link, a slim bar (the brand, the menu button on a
// phone, the language and the colour scheme), the navigation beside the screen on a wide window
// and behind the menu button on a narrow one, and the screen itself in <main>. After a move to
// another screen the focus goes to its heading, so a keyboard or screen-reader user starts there.
import { ColorSchemeSwitch } from '@invoice-reader/ui';
import { AppShell, Burger } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Icon, type IconName } from './icons';
import { LanguageSelect } from './LanguageSelect';
import { useHeadingFocus } from './route-focus';
import { useSession } from './session';

/** The screens, in groups: the invoices, the API, the account. */
const NAV: readonly (readonly [string, string, IconName])[][] = [
  [
    ['/invoices', 'nav.invoices', 'invoices'],
    ['/exports', 'nav.exports', 'exports'],
    ['/mail', 'nav.mail', 'mail'],
  ],
  [
    ['/api', 'nav.api', 'api'],
    ['/api/keys', 'nav.keys', 'keys'],
    ['/api/usage', 'nav.usage', 'usage'],
    ['/api/calculator', 'nav.calculator', 'calculator'],
  ],
  [
    ['/plans', 'nav.plans', 'plans'],
    ['/account', 'nav.account', 'account'],
  ],
];

/** Where the navigation stands beside the screen (Mantine's md breakpoint, 62em). */
const WIDE = '(min-width: 62em)';

export function Layout() {
  const { t } = useTranslation();
  const { me } = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  useHeadingFocus(location.pathname);
  // A screen chosen on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new screen closes it
  useEffect(close, [location.pathname]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'lg' }}
    >
      <a className="skip" href="#main">
        {t('common.skip')}
      </a>
      <AppShell.Header className="app-bar">
        <Burger
          opened={opened}
          onClick={toggle}
          hiddenFrom="md"
          size="sm"
          aria-label={t('nav.menu')}
          aria-expanded={opened}
          aria-controls="app-nav"
        />
        <a className="brand" href="/">
          <span className="brand-mark">
            <Icon name="logo" size={18} />
          </span>
          Invoice Reader
        </a>
        <span className="app-bar-end">
          <LanguageSelect />
          <ColorSchemeSwitch />
        </span>
      </AppShell.Header>
      {/* Hidden behind the menu button on a phone: out of the way of Tab and screen readers too. */}
      <AppShell.Navbar id="app-nav" className="app-nav" inert={!wide && !opened}>
        <nav aria-label={t('nav.label')}>
          {NAV.map((group) => (
            <ul key={group[0]?.[0]}>
              {group.map(([to, key, icon]) => (
                <li key={to}>
                  {/* A press closes the menu, also on the screen already shown. */}
                  <NavLink to={to} end onClick={close}>
                    <Icon name={icon} />
                    <span>{t(key)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          ))}
        </nav>
        <p className="who" title={me?.email ?? undefined}>
          {me?.email}
        </p>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <div className="app-content">
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}

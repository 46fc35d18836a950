// The design foundation around a host's screens: Mantine with the shared theme (tokens in
// theme.ts), light, dark or the system's choice, and a switch between them. Each host also
// imports `@invoice-reader/ui/styles.css` once (the components' styles, the font, our rules).
import { ActionIcon, MantineProvider, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from './i18n/index.js';
import { uiCssVariables, uiTheme } from './theme.js';

export function UiThemeProvider({
  children,
  forceColorScheme,
}: {
  children: ReactNode;
  /** A fixed scheme (pictures for the docs); otherwise the person's choice, else the system's. */
  forceColorScheme?: 'light' | 'dark';
}) {
  return (
    <MantineProvider
      theme={uiTheme}
      cssVariablesResolver={uiCssVariables}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
    >
      {children}
    </MantineProvider>
  );
}

/** Dark or light, first as the system says; a press switches and is remembered in this browser. */
export function ColorSchemeSwitch() {
  const { t } = useTranslation(UI_NAMESPACE);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = scheme === 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('theme.dark')}
      aria-pressed={dark}
      title={t('theme.dark')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {dark ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        ) : (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        )}
      </svg>
    </ActionIcon>
  );
}

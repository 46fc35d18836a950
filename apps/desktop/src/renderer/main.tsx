// The desktop window's React root: the shared screens of packages/ui (list, review, exports) over
// `ipcInvoiceData(window.invoiceReader)`, and the settings panel. Routes live in the hash
// (`#/invoices/3`): the page is a file in Electron, so there is no server to answer paths.
import {
  ExportsScreen,
  InvoiceList,
  InvoiceUiProvider,
  ReviewScreen,
  UiThemeProvider,
} from '@invoice-reader/ui';
import '@invoice-reader/ui/styles.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import type { DesktopApi, Settings } from '../ipc.js';
import i18n from './i18n.js';
import { ipcInvoiceData } from './ipc-data.js';
import { SettingsPanel } from './Settings.js';

const api = (window as unknown as { invoiceReader: DesktopApi }).invoiceReader;
const data = ipcInvoiceData(api);
const links = {
  list: '#/invoices',
  invoice: (id: number) => `#/invoices/${id}`,
  exports: '#/exports',
  company: '#/settings',
  navigate: (href: string) => {
    location.hash = href.replace(/^#/, '');
  },
};

function useHash(): string {
  const [hash, setHash] = useState(location.hash || '#/invoices');
  useEffect(() => {
    const on = () => setHash(location.hash || '#/invoices');
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}

function App() {
  const { t } = useTranslation();
  const hash = useHash();
  const [settings, setSettings] = useState<Settings | null>(null);
  // A file read by the core while the list is open: the list is drawn again with it.
  const [version, setVersion] = useState(0);
  function applySettings(s: Settings) {
    setSettings(s);
    if (i18n.language !== s.lang) void i18n.changeLanguage(s.lang);
  }
  useEffect(() => {
    void api.getSettings().then((s) => {
      setSettings(s);
      void i18n.changeLanguage(s.lang);
    });
    return api.onJob(() => setVersion((v) => v + 1));
  }, []);
  const review = hash.match(/^#\/invoices\/(\d+)$/);
  const screen = review ? (
    <ReviewScreen key={review[1]} jobId={Number(review[1])} />
  ) : hash === '#/exports' ? (
    <ExportsScreen />
  ) : hash === '#/settings' ? (
    <SettingsPanel api={api} onChange={applySettings} />
  ) : (
    <InvoiceList changes={version} {...(settings ? { country: settings.country } : {})} />
  );
  return (
    <InvoiceUiProvider data={data} links={links}>
      <nav className="app-nav">
        <a href="#/invoices">{t('invoices')}</a> <a href="#/exports">{t('exports')}</a>{' '}
        <a href="#/settings">{t('settings')}</a>
      </nav>
      <main>{screen}</main>
    </InvoiceUiProvider>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <UiThemeProvider>
        <App />
      </UiThemeProvider>
    </StrictMode>,
  );

// The settings panel: watched folders, the move pattern, language, country, sync on/off with the
// service's address and signing in, each change sent to the core through
// `window.invoiceReader.setSettings` (which checks it and says why it refuses); the company profile
// that e-invoice exports take buyer-side values from; and opening the data folder.
import { CompanyProfileForm } from '@invoice-reader/ui';
import { Button } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DesktopApi, LANGS, type Settings } from '../ipc.js';
import { ipcInvoiceData } from './ipc-data.js';
import { SignInPanel } from './SignInPanel.js';

export function SettingsPanel({ api, onChange }: { api: DesktopApi; onChange: (s: Settings) => void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [country, setCountry] = useState('');
  const [movePattern, setMovePattern] = useState('');
  const [server, setServer] = useState('');
  const [status, setStatus] = useState('');
  const data = useMemo(() => ipcInvoiceData(api), [api]);

  useEffect(() => {
    void api.getSettings().then((s) => {
      setSettings(s);
      setCountry(s.country);
      setMovePattern(s.movePattern ?? '');
      setServer(s.server);
    });
  }, [api]);

  async function save(patch: Partial<Settings>) {
    try {
      const next = await api.setSettings(patch);
      setSettings(next);
      setCountry(next.country);
      setMovePattern(next.movePattern ?? '');
      setServer(next.server);
      onChange(next);
      setStatus(t('saved'));
    } catch (err) {
      setStatus(err instanceof Error ? err.message.replace(/^.*?Error: /, '') : String(err));
    }
  }

  if (!settings) return null;
  return (
    <section aria-labelledby="settings-title" className="settings ir-screen ir-card">
      <h2 id="settings-title">{t('settings')}</h2>
      <h3>{t('folders')}</h3>
      <ul aria-label={t('folders')}>
        {settings.folders.length === 0 && <li>{t('none')}</li>}
        {settings.folders.map((f) => (
          <li key={f}>
            {f}{' '}
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => save({ folders: settings.folders.filter((x) => x !== f) })}
            >
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          variant="default"
          onClick={async () => {
            const folder = await api.chooseFolder();
            if (folder) await save({ folders: [...new Set([...settings.folders, folder])] });
          }}
        >
          {t('addFolder')}
        </Button>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save({ movePattern: movePattern.trim() || null });
        }}
      >
        <label>
          {t('movePattern')}{' '}
          <input
            value={movePattern}
            size={32}
            placeholder="{seller}/{date}_{no}.pdf"
            aria-describedby="move-hint"
            onChange={(e) => setMovePattern(e.target.value)}
          />
        </label>{' '}
        <Button type="submit" size="compact-sm">
          {t('save')}
        </Button>
        <p id="move-hint" className="ir-small ir-muted">
          {t('moveHint')}
        </p>
      </form>
      <p>
        <label>
          {t('language')}{' '}
          <select value={settings.lang} onChange={(e) => save({ lang: e.target.value as Settings['lang'] })}>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {new Intl.DisplayNames([l], { type: 'language' }).of(l)}
              </option>
            ))}
          </select>
        </label>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save({ country });
        }}
      >
        <label>
          {t('country')} <input value={country} size={3} onChange={(e) => setCountry(e.target.value)} />
        </label>{' '}
        <Button type="submit" size="compact-sm">
          {t('saved') === status ? '✓' : 'OK'}
        </Button>
      </form>
      <p>
        <label>
          <input
            type="checkbox"
            checked={settings.syncEnabled}
            onChange={(e) => save({ syncEnabled: e.target.checked })}
          />{' '}
          {t('sync')}
        </label>
      </p>
      {settings.syncEnabled && (
        <>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save({ server });
            }}
          >
            <label>
              {t('server')} <input value={server} size={32} onChange={(e) => setServer(e.target.value)} />
            </label>{' '}
            <Button type="submit" size="compact-sm">
              {t('save')}
            </Button>
          </form>
          <SignInPanel key={settings.server} api={api} />
        </>
      )}
      <p role="status">{status}</p>
      <h3>{t('dataFolder')}</h3>
      <p>
        {t('dataFolderLead')}{' '}
        <Button variant="default" onClick={() => void api.openDataFolder()}>
          {t('openDataFolder')}
        </Button>
      </p>
      <h3>{t('ui:company.title')}</h3>
      <CompanyProfileForm data={data} />
    </section>
  );
}

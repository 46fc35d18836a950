// The interface language chooser, shown on every screen.
import { useTranslation } from 'react-i18next';
import { chooseLang, LANGS, type Lang } from './i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="lang">
      <span className="visually-hidden">{t('common.language')}</span>
      <select value={i18n.language} onChange={(e) => chooseLang(e.target.value as Lang)}>
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {l.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}

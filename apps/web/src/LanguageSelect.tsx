// The interface language chooser, shown on every screen.
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseLang, LANGS, type Lang } from './i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      className="lang"
      size="xs"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(e) => chooseLang(e.currentTarget.value as Lang)}
      data={LANGS.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  );
}

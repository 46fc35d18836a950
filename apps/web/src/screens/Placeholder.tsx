// A screen still to come: its title only. packages/ui replaces the invoice screens.
import { useTranslation } from 'react-i18next';
import { useTitle } from './title';

export function Placeholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  useTitle(t(titleKey));
  return (
    <section>
      <h1>{t(titleKey)}</h1>
      <p>{t('common.soon')}</p>
    </section>
  );
}

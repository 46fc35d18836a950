// An address under /app that names no screen: says so, with the way to the invoices.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from './title';

export function NotFound() {
  const { t } = useTranslation();
  useTitle(t('common.notFound'));
  return (
    <section className="ir-screen">
      <h1 tabIndex={-1}>{t('common.notFound')}</h1>
      <p>{t('common.notFoundLead')}</p>
      <p>
        <Link to="/invoices">{t('common.toInvoices')}</Link>
      </p>
    </section>
  );
}

// The company profile: the account's own business, the buyer of the invoices it receives. An
// e-invoice export takes the buyer's name, address, VAT id, electronic address (BT-49) and buyer
// reference (BT-10) from here when an invoice lacks them, and says so; nothing of the seller's.
// One form for the web app's screen and the desktop app's settings.
import { TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, useBusy } from './BusyButton.js';
import { AppLink, useInvoiceUi } from './context.js';
import { type CompanyProfile, DataError, EMPTY_COMPANY_PROFILE, type InvoiceData } from './data.js';
import { fieldErrorsOf } from './fill-in.js';
import { UI_NAMESPACE } from './i18n/index.js';

const KEYS: (keyof CompanyProfile)[] = [
  'name',
  'street',
  'postcode',
  'city',
  'country',
  'vat_id',
  'electronic_address',
  'buyer_reference',
];

export function CompanyProfileForm({ data, signedOut }: { data: InvoiceData; signedOut?: () => void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [profile, setProfile] = useState<CompanyProfile>(EMPTY_COMPANY_PROFILE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const { busy, run } = useBusy<'save'>();
  const id = useId();

  useEffect(() => {
    data.loadCompanyProfile().then(setProfile, (err: unknown) => {
      if (err instanceof DataError && err.status === 401) signedOut?.();
    });
  }, [data, signedOut]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    return run('save', async () => {
      setStatus('');
      setErrors({});
      try {
        setProfile(await data.saveCompanyProfile(profile));
        setStatus(t('company.saved'));
      } catch (err) {
        if (err instanceof DataError && err.status === 401) signedOut?.();
        const byKey = fieldErrorsOf(err);
        setErrors(byKey);
        setStatus(Object.keys(byKey).length ? t('company.invalid') : t('company.failed'));
      }
    });
  };

  return (
    <form onSubmit={save} className="ir-card" aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`}>{t('company.intro')}</p>
      <div className="ir-form-grid ir-form-wide">
        {KEYS.map((k) => (
          <TextInput
            key={k}
            id={`${id}-${k}`}
            name={k}
            label={t(`company.${k}`)}
            description={t(`company.hint_${k}`) || undefined}
            error={errors[k] || undefined}
            value={profile[k]}
            maxLength={k === 'country' ? 2 : 200}
            onChange={(e) => setProfile({ ...profile, [k]: e.currentTarget.value })}
          />
        ))}
      </div>
      <div>
        <BusyButton type="submit" busy={busy !== null}>
          {t('company.save')}
        </BusyButton>
      </div>
      <p role="status" className={Object.keys(errors).length ? 'ir-error' : 'ir-ok'}>
        {busy ? t('company.saving') : status}
      </p>
    </form>
  );
}

/** The web app's screen: the form, with a way back to the exports. */
export function CompanyProfileScreen() {
  const { t } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  useEffect(() => title?.(t('company.title')), [title, t]);
  return (
    <div className="ir-screen">
      <p>
        <AppLink href={links.exports} className="ir-back">
          {t('exports.title')}
        </AppLink>
      </p>
      <h1 tabIndex={-1}>{t('company.title')}</h1>
      <CompanyProfileForm data={data} signedOut={signedOut} />
    </div>
  );
}

// The short form an export shows for an invoice that lacks values a person can give (a buyer
// reference, the seller's e-mail, ...): one labelled input per value, with where to find it. The
// values are saved with the invoice as corrections and the export is tried again, so the next
// export of the invoice asks for nothing.
import { NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './BusyButton.js';
import type { FillInField } from './data.js';
import { editsOf, type PendingFill } from './fill-in.js';
import { UI_NAMESPACE } from './i18n/index.js';

const INPUT_TYPES: Record<string, string> = { email: 'email', phone: 'tel', date: 'date' };

function Input({
  field,
  value,
  error,
  onChange,
}: {
  field: FillInField;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const label = (
    <>
      {field.label}
      {field.term && <span className="ir-detail"> ({field.term})</span>}
    </>
  );
  const common = {
    name: field.key,
    label,
    description: field.hint,
    error: error || undefined,
    value,
  };
  return field.options ? (
    <NativeSelect
      {...common}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: '' }, ...field.options]}
    />
  ) : (
    <TextInput
      {...common}
      type={INPUT_TYPES[field.kind] ?? 'text'}
      maxLength={field.kind === 'country' ? 2 : 500}
      autoComplete="off"
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * The form of one invoice; `onSubmit` saves the values and exports again. `errors` holds the
 * service's word per key, and under '' what went wrong otherwise.
 */
export function FillInForm({
  pending,
  errors,
  busy,
  onSubmit,
}: {
  pending: PendingFill;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [values, setValues] = useState<Record<string, string>>({});
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // A value the service refused takes the focus (the first, in the form's order): a person at the
  // keyboard, who sent the form with Enter, is where the correction goes and hears what was wrong.
  useEffect(() => {
    if (Object.keys(errors).some((key) => key))
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(editsOf(values));
  };
  return (
    <form
      ref={formRef}
      className="ir-card ir-fill-in"
      aria-labelledby={headingId}
      onSubmit={submit}
      data-testid="fill-in"
    >
      <h3 id={headingId}>{t('exports.fill_in_title', { name: pending.name })}</h3>
      <p>{t('exports.fill_in_intro')}</p>
      {pending.fields.map((f) => (
        <Input
          key={f.key}
          field={f}
          value={values[f.key] ?? ''}
          error={errors[f.key]}
          onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))}
        />
      ))}
      {pending.others.length > 0 && (
        <>
          <p>{t('exports.fill_in_others')}</p>
          <ul>
            {pending.others.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </>
      )}
      {errors[''] && (
        <p role="alert" className="ir-error">
          {errors['']}
        </p>
      )}
      <div>
        <BusyButton type="submit" busy={busy}>
          {t('exports.fill_in_submit')}
        </BusyButton>
      </div>
    </form>
  );
}

// One field of the review screen: its label, the value as read (editable), its status, the
// reasons it needs looking at in words, and the server's message when a correction is refused.
import { Badge, Input } from '@mantine/core';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './BusyButton.js';
import type { FieldDetail } from './data.js';
import { needsAttention, reasonKeys } from './flags.js';
import { formatFieldValue } from './format.js';
import { UI_NAMESPACE } from './i18n/index.js';

/** The colour of each field status, in the badge and the page's box. */
export const FIELD_COLOURS: Record<string, string> = {
  confirmed: 'green',
  flagged: 'red',
  unconfirmed: 'orange',
  missing: 'gray',
};

interface Props {
  field: FieldDetail;
  currency: string;
  locale: string;
  draft: string | undefined;
  error: string | undefined;
  active: boolean;
  saving: boolean;
  editable: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  onFocus: () => void;
  /** The pointer is over the field (its box on the page is marked), or has left it. */
  onHover?: (over: boolean) => void;
  hovered?: boolean;
  onEdit: (value: string) => void;
  onAccept: () => void;
  /** Where the focus goes should the accept button go away while it has it (the fields' heading). */
  focusWhenGone?: RefObject<HTMLElement | null>;
}

export function FieldRow(p: Props) {
  const { t } = useTranslation(UI_NAMESPACE);
  const id = useId();
  const f = p.field;
  const reasons = reasonKeys(f);
  const value = p.draft ?? f.value;
  const changed = p.draft !== undefined && p.draft.trim() !== f.value;
  const shown = formatFieldValue(f.key, f.value, p.currency, p.locale);
  const label = t(`field.${f.key}`, { defaultValue: f.key });
  const action = p.saving ? t('review.saving') : changed ? t('review.save') : t('review.accept');
  const describedBy = [`${id}-st`, reasons.length ? `${id}-why` : '', p.error ? `${id}-err` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <li
      className={`ir-field ir-st-${f.status}${p.active ? ' ir-active' : ''}${p.hovered ? ' ir-hover' : ''}`}
      data-field={f.key}
      data-status={f.status}
      onMouseEnter={() => p.onHover?.(true)}
      onMouseLeave={() => p.onHover?.(false)}
    >
      <div className="ir-field-top">
        <label htmlFor={`${id}-in`}>{label}</label>
        <Badge id={`${id}-st`} className="ir-badge" color={FIELD_COLOURS[f.status] ?? 'gray'}>
          {t(`status.${f.status}`)}
          {f.edited && `, ${t('status.edited')}`}
        </Badge>
      </div>
      <div className="ir-field-row">
        <Input
          className="ir-field-input"
          size="sm"
          id={`${id}-in`}
          ref={p.inputRef}
          value={value}
          readOnly={!p.editable}
          error={p.error ? true : undefined}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy}
          onFocus={p.onFocus}
          onChange={(e) => p.onEdit(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && p.editable) {
              e.preventDefault();
              p.onAccept();
            }
          }}
        />
        {p.editable && (changed || needsAttention(f)) && (
          // Keeps the focus while the value is saved (aria-disabled, a second press ignored).
          <BusyButton
            variant={changed ? 'filled' : 'default'}
            onClick={p.onAccept}
            busy={p.saving}
            focusWhenGone={p.focusWhenGone}
            aria-label={`${action}: ${label}`}
          >
            {action}
          </BusyButton>
        )}
      </div>
      {shown !== f.value && <p className="ir-field-shown">{shown}</p>}
      {reasons.length > 0 && (
        <ul id={`${id}-why`} className="ir-reasons">
          {reasons.map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
      )}
      {p.error && (
        <p id={`${id}-err`} className="ir-error ir-small" role="alert">
          {p.error}
        </p>
      )}
    </li>
  );
}

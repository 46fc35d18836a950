// The review screen's line items and VAT breakdown: a table of each (cards where the screen is
// narrow), every cell editable as the fields are (a correction is sent to the service, kept as
// `user`), a line or a rate whose arithmetic does not check marked with the reason in words, and
// the lines' sum against the invoice's total. Enter or leaving a changed cell saves it; Escape
// undoes the typing.
import { Badge, Input } from '@mantine/core';
import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoiceUi } from './context.js';
import { DataError, type WebJob } from './data.js';
import { formatAmount } from './format.js';
import { UI_NAMESPACE } from './i18n/index.js';
import {
  BREAKDOWN_CELLS,
  type BreakdownCell,
  CELL_KINDS,
  cellText,
  LINE_CELLS,
  type LineCell,
  lineItemsOf,
  parseCellInput,
  sameValue,
} from './line-items.js';

/** Refusal kinds of the service (PATCH lines, `ctx.kind`) that have a sentence of their own. */
const REFUSALS = ['empty', 'text', 'unit', 'quantity', 'price', 'amount', 'rate', 'unknown_cell'];

type Cell = LineCell | BreakdownCell;

export function LineItemsPanel({
  job,
  onSaved,
  headingRef,
}: {
  job: WebJob;
  onSaved: (job: WebJob) => void;
  /** The panel's heading, for the review's way down to it from beside the fields. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data } = useInvoiceUi();
  const id = useId();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<Record<string, true>>({});
  const [said, setSaid] = useState('');
  // Enter and then leaving the cell would send the same value twice.
  const sending = useRef(new Set<string>());
  const locale = i18n.language;
  const currency = job.fields.currency ?? '';
  const items = lineItemsOf(job.document);
  const editable = job.status === 'done' && Boolean(data.patchLines);
  const money = (v: string) => formatAmount(v, currency, locale);

  if (job.status !== 'done') return null;

  const drop = <T,>(o: Record<string, T>, key: string) => {
    const { [key]: _, ...rest } = o;
    return rest;
  };

  const commit = (key: string, cell: Cell, stored: string | undefined) => {
    const draft = drafts[key];
    if (draft === undefined || !data.patchLines || sending.current.has(key)) return;
    if (draft === cellText(cell, stored, locale)) {
      setDrafts((d) => drop(d, key));
      return;
    }
    const parsed = parseCellInput(cell, draft, locale);
    if (!parsed.ok) {
      setErrors((e) => ({ ...e, [key]: t(`lines.invalid.${parsed.kind}`) }));
      return;
    }
    if (stored !== undefined && sameValue(cell, parsed.value, stored)) {
      setDrafts((d) => drop(d, key));
      return;
    }
    sending.current.add(key);
    setSaving((s) => ({ ...s, [key]: true }));
    setSaid(t('review.saving'));
    data
      .patchLines(job.job_id, { [key]: parsed.value })
      .then(
        (j) => {
          setDrafts((d) => drop(d, key));
          setErrors((e) => drop(e, key));
          setSaid(t('lines.saved'));
          onSaved(j);
        },
        (err: unknown) => {
          const item = err instanceof DataError ? err.items.find((i) => i.loc[1] === key) : undefined;
          const kind = item?.ctx?.kind;
          const message = item
            ? t(`lines.invalid.${kind && REFUSALS.includes(kind) ? kind : 'other'}`)
            : t('review.error', { code: err instanceof DataError ? err.code : 'network_error' });
          setErrors((e) => ({ ...e, [key]: message }));
          setSaid('');
        },
      )
      .finally(() => {
        sending.current.delete(key);
        setSaving((s) => drop(s, key));
      });
  };

  const cellInput = (
    prefix: 'lines' | 'vat_breakdown',
    index: number,
    cell: Cell,
    stored: string | undefined,
    edited: boolean,
    rowLabel: string,
    describedBy?: string,
    after?: ReactNode,
  ) => {
    const key = `${prefix}.${index}.${cell}`;
    const error = errors[key];
    const column = t(`lines.col.${cell}`);
    const kind = CELL_KINDS[cell];
    return (
      <td
        key={cell}
        className={`ir-lc${kind === 'text' ? '' : ' ir-num'}${cell === 'description' ? ' ir-wide' : ''}${cell === 'rate' ? ' ir-first' : ''}`}
        data-label={column}
      >
        <Input
          size="xs"
          // Mantine's own aria attributes would replace the description and the invalid state set here.
          withAria={false}
          classNames={{
            input:
              `${kind === 'text' ? '' : 'ir-cell-num'}${edited ? ' ir-cell-edited' : ''}`.trim() || undefined,
          }}
          aria-label={t('lines.cell_label', { column, row: rowLabel })}
          value={drafts[key] ?? cellText(cell, stored, locale)}
          readOnly={!editable}
          inputMode={kind === 'text' ? undefined : 'decimal'}
          aria-invalid={error ? true : undefined}
          aria-busy={saving[key] ? true : undefined}
          aria-describedby={
            [error ? `${id}-${key}-err` : '', describedBy ?? '', edited ? `${id}-edited` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDrafts((d) => ({ ...d, [key]: value }));
            setErrors((x) => drop(x, key));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && editable) {
              e.preventDefault();
              commit(key, cell, stored);
            } else if (e.key === 'Escape' && drafts[key] !== undefined) {
              e.preventDefault();
              setDrafts((d) => drop(d, key));
              setErrors((x) => drop(x, key));
            }
          }}
          onBlur={() => editable && commit(key, cell, stored)}
        />
        {error && (
          <p id={`${id}-${key}-err`} className="ir-error ir-small ir-lc-error" role="alert">
            {error}
          </p>
        )}
        {after}
      </td>
    );
  };

  const anyEdited = items.lines.some((l) => l.edited.size) || items.breakdown.some((b) => b.edited.size);
  const hasItems = items.lines.length > 0 || items.breakdown.length > 0;

  return (
    <section className="ir-lines-panel" aria-labelledby={`${id}-title`} data-testid="line-items">
      <div className="ir-head">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          {t('lines.title')}
        </h2>
        {editable && hasItems && <p className="ir-muted ir-small">{t('lines.hint')}</p>}
      </div>
      {!hasItems && <p className="ir-muted">{t('lines.none')}</p>}
      {items.lines.length > 0 && (
        <div className="ir-lines-box">
          <table className="ir-lines" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col" className="ir-lh ir-col-n" title={t('lines.col.n')}>
                  {t('lines.col.n')}
                </th>
                {LINE_CELLS.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className={`ir-lh ir-col-${c}${CELL_KINDS[c] === 'text' ? '' : ' ir-num'}`}
                    title={t(`lines.col.${c}`)}
                  >
                    {t(`lines.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.lines.map((l) => {
                const row = t('lines.line_n', { n: l.index + 1 });
                const why = `${id}-line-${l.index}-why`;
                return (
                  <tr
                    key={l.index}
                    className={`ir-lrow${l.mismatch ? ' ir-line-off' : ''}`}
                    data-line={l.index}
                    data-status={l.mismatch ? 'flagged' : 'ok'}
                  >
                    <th scope="row" className="ir-lc ir-col-n">
                      <span className="ir-sr">{row}</span>
                      <span aria-hidden="true" className="ir-line-no">
                        {l.index + 1}
                      </span>
                    </th>
                    {LINE_CELLS.map((c) =>
                      cellInput(
                        'lines',
                        l.index,
                        c,
                        l.values[c],
                        l.edited.has(c),
                        row,
                        l.mismatch && (c === 'net_amount' || c === 'quantity' || c === 'unit_price')
                          ? why
                          : undefined,
                        // The reason under the description, the row's widest cell.
                        c === 'description' && l.mismatch ? (
                          <p id={why} className="ir-line-why ir-small">
                            {t('lines.line_off', {
                              expected: money(l.mismatch.expected),
                              amount: money(l.values.net_amount ?? ''),
                            })}
                          </p>
                        ) : undefined,
                      ),
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {items.sum && (
        <p className="ir-lines-sum" data-testid="lines-sum" data-ok={items.sum.ok}>
          <span>
            {t('lines.sum')}: <strong className="ir-num">{money(items.sum.sum)}</strong>
          </span>
          <span>
            {t(`lines.against.${items.sum.against}`)}:{' '}
            <strong className="ir-num">{money(items.sum.total)}</strong>
          </span>
          <Badge className="ir-badge" color={items.sum.ok ? 'green' : 'red'}>
            {t(items.sum.ok ? 'lines.sum_ok' : 'lines.sum_off')}
          </Badge>
        </p>
      )}
      {items.breakdown.length > 0 && (
        <>
          <h3 id={`${id}-vat`} className="ir-lines-sub">
            {t('lines.breakdown_title')}
          </h3>
          <div className="ir-lines-box">
            <table className="ir-lines ir-breakdown" aria-labelledby={`${id}-vat`}>
              <thead>
                <tr>
                  {BREAKDOWN_CELLS.map((c) => (
                    <th key={c} scope="col" className="ir-lh ir-num" title={t(`lines.col.${c}`)}>
                      {t(`lines.col.${c}`)}
                    </th>
                  ))}
                  <th scope="col" className="ir-lh ir-col-check" title={t('lines.col.check')}>
                    {t('lines.col.check')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.breakdown.map((b) => {
                  const row = t('lines.rate_n', { n: b.index + 1 });
                  const why = `${id}-vat-${b.index}-why`;
                  return (
                    <tr
                      key={b.index}
                      className={`ir-lrow${b.mismatch ? ' ir-line-off' : ''}`}
                      data-rate={b.index}
                      data-status={b.mismatch ? 'flagged' : 'ok'}
                    >
                      {BREAKDOWN_CELLS.map((c) =>
                        cellInput(
                          'vat_breakdown',
                          b.index,
                          c,
                          b.values[c],
                          b.edited.has(c),
                          row,
                          b.mismatch ? why : undefined,
                        ),
                      )}
                      <td className="ir-lc ir-col-check ir-wide" data-label={t('lines.col.check')}>
                        {b.mismatch ? (
                          <span id={why} className="ir-line-why ir-small">
                            {t('lines.rate_off', {
                              expected: money(b.mismatch.expected),
                              tax: money(b.values.tax ?? ''),
                            })}
                          </span>
                        ) : (
                          <span className="ir-ok ir-small">{t('lines.rate_ok')}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {anyEdited && (
        <p className="ir-muted ir-small">
          <span className="ir-cell-edited-mark" aria-hidden="true" />{' '}
          <span id={`${id}-edited`}>{t('status.edited')}</span>
        </p>
      )}
      <p role="status" className="ir-sr">
        {said}
      </p>
    </section>
  );
}

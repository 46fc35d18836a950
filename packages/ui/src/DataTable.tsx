// Every list of the apps is one DataTable (TanStack Table underneath): fixed column widths that
// never push the page sideways, long text on one line cut with an ellipsis and shown whole in a
// tooltip (the `title`), figures right-aligned in tabular digits, a header that stays in view
// while the page scrolls, sorting by a column where it helps, and where the table's own width is
// too small for its columns (a phone; a tablet for the wide lists) each row as a card of
// "label: value" lines. The page itself never scrolls sideways.
import {
  createColumnHelper,
  createSortedRowModel,
  type Row,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFns,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';

export interface DataColumn<T> {
  id: string;
  /** The column's name: its header, and each value's label in the card layout. */
  header: string;
  /** The header is read by screen readers only (a column of checkboxes or buttons). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** The cell's whole text: its tooltip when it is cut. */
  text?: (row: T) => string;
  /** What sorting compares; a column without it is not sortable. */
  sortValue?: (row: T) => string | number;
  /** A CSS width ('8rem'); a column without one shares the width left. */
  width?: string;
  /** Figures: right-aligned, tabular digits, on one line (cut like `truncate` should they not fit). */
  numeric?: boolean;
  /** On one line, cut with an ellipsis, the whole text in a tooltip. */
  truncate?: boolean;
  /** On one line, never cut (short values: dates, states); the column is sized for them. */
  nowrap?: boolean;
  /** In the card layout: the card's title, without a label. */
  primary?: boolean;
}

interface Props<T extends RowData> {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** Extra attributes of a row (`data-status`, ...). */
  rowAttrs?: (row: T) => Record<string, string | number | undefined>;
  /** The table's name: the id of a heading, or a label. */
  labelledBy?: string;
  label?: string;
  testId?: string;
  /** Sorting texts ("sort by {{column}}"), in the app's language. */
  sortLabel?: (column: string, direction: 'asc' | 'desc' | false) => string;
  /** Below this width of its own (px) the rows are cards: 640 by default, more for many columns. */
  cardsBelow?: number;
  className?: string;
}

/** Whether the element is narrower than `limit` px: measured before the first paint, then on resize. */
function useNarrow(limit: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.getBoundingClientRect().width;
      if (w > 0) setNarrow(w < limit);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [limit]);
  return { ref, narrow };
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns,
});

function SortMark({ dir }: { dir: 'asc' | 'desc' | false }) {
  return (
    <svg className="ir-sort-mark" viewBox="0 0 10 14" width="10" height="14" aria-hidden="true">
      <path d="M5 1 9 6H1z" opacity={dir === 'asc' ? 1 : 0.3} />
      <path d="M5 13 1 8h8z" opacity={dir === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

export function DataTable<T extends RowData>({
  columns,
  rows,
  rowKey,
  rowAttrs,
  labelledBy,
  label,
  testId,
  sortLabel,
  cardsBelow = 640,
  className,
}: Props<T>) {
  const { ref, narrow } = useNarrow(cardsBelow);
  const [sorting, setSorting] = useState<SortingState>([]);
  const defs = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return columns.map((c) =>
      helper.accessor((row: T): unknown => (c.sortValue ? c.sortValue(row) : ''), {
        id: c.id,
        enableSorting: c.sortValue !== undefined,
        sortUndefined: 'last',
      }),
    );
  }, [columns]);
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (row: T, index: number) => String(rowKey(row, index)),
  });
  const byId = new Map(columns.map((c) => [c.id, c]));
  const cls = (c: DataColumn<T>) =>
    [c.numeric && 'ir-num', c.truncate && 'ir-cut', c.nowrap && 'ir-nowrap', c.primary && 'ir-primary-cell']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      ref={ref}
      className={['ir-dt', narrow && 'ir-cards', className].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      {/* Explicit roles (biome.json lets them be): the card layout changes the cells' display, and
          some browsers then forget the table's; the table stays a table to a screen reader. */}
      <table role="table" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label}>
        <thead role="rowgroup">
          {table.getHeaderGroups().map((group) => (
            <tr role="row" key={group.id}>
              {group.headers.map((h) => {
                const c = byId.get(h.column.id);
                if (!c) return null;
                const dir = h.column.getIsSorted();
                return (
                  <th
                    role="columnheader"
                    scope="col"
                    key={h.id}
                    className={cls(c)}
                    style={c.width ? { width: c.width } : undefined}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                  >
                    {c.hideHeader ? (
                      <span className="ir-sr">{c.header}</span>
                    ) : h.column.getCanSort() ? (
                      <button
                        type="button"
                        className="ir-sort"
                        onClick={h.column.getToggleSortingHandler()}
                        title={sortLabel?.(c.header, dir)}
                      >
                        <span>{c.header}</span>
                        <SortMark dir={dir} />
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody role="rowgroup">
          {table.getRowModel().rows.map((r: Row<typeof features, T>) => (
            <tr role="row" key={r.id} {...rowAttrs?.(r.original)}>
              {columns.map((c) => {
                const content = c.cell(r.original);
                const text = c.text?.(r.original);
                return (
                  <td role="cell" key={c.id} className={cls(c)}>
                    {/* A card names each value; the table's header does that for screen readers. */}
                    {narrow && !c.hideHeader && !c.primary && (
                      <span className="ir-cell-label" aria-hidden="true">
                        {c.header}
                      </span>
                    )}
                    {c.truncate || c.numeric ? (
                      <span className="ir-cut-text" title={text || undefined}>
                        {content}
                      </span>
                    ) : (
                      content
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// Layout of a page as the field extraction sees it: lines cut into segments at wide gaps (the
// columns of "Label:        Value" forms and tables), and for a label the value right of it, after
// it in the same segment, or just below it. The party blocks under their headings: party-blocks.ts.

export type Box = [number, number, number, number];

/** How an extractor records a value: its document path, the value, where it was read, how surely. */
export type Put = (
  path: string,
  value: string,
  where: Box | undefined,
  page: number,
  confidence: number,
) => void;

/** The parts of the text layer (pdf/text.ts) and of OCR output that layout needs. */
export interface LayoutWord {
  text: string;
  bbox: Box;
  fontSize: number;
}
export interface LayoutLine {
  text: string;
  bbox: Box;
  words: LayoutWord[];
}
export interface LayoutPage {
  page: number;
  width: number;
  height: number;
  lines: LayoutLine[];
}

export interface Segment {
  text: string;
  bbox: Box;
  page: number;
  /** Index of the line on its page (reading order). */
  line: number;
  /** Index of the segment within its line. */
  index: number;
}

export interface PageLayout {
  page: number;
  lines: Segment[][];
}

/** Cuts every line at gaps wider than about one em. */
export function segmentPage(p: LayoutPage): PageLayout {
  const lines = p.lines.map((line, li) => {
    const segs: Segment[] = [];
    let cur: LayoutWord[] = [];
    const flush = () => {
      if (!cur.length) return;
      segs.push({
        text: unspaced(cur),
        bbox: union(cur.map((w) => w.bbox)),
        page: p.page,
        line: li,
        index: segs.length,
      });
      cur = [];
    };
    for (const w of line.words) {
      const prev = cur[cur.length - 1];
      if (prev) {
        const gapPts = (w.bbox[0] - prev.bbox[2]) * p.width;
        const em = Math.max(w.fontSize, prev.fontSize, 4);
        if (gapPts > em * 1.1) flush();
      }
      cur.push(w);
    }
    flush();
    return segs;
  });
  return { page: p.page, lines };
}

/**
 * A segment's words as text, a word set letter by letter ("R E C H N U N G   Nr. 6866", a title
 * spaced out for emphasis) joined into one: four or more letters in a row, all capitals (digits
 * among them: "F R 7 6   1 0 2 7", an IBAN set with letter-spacing) or all small letters, each
 * alone but for a pair the type kept together ("É M E T TE U R"), an amount's decimal mark among
 * its digits ("2 5 , 0 0 €"). A gap a quarter wider than the run's usual one parts two words ("F A
 * C T U R É   À").
 */
function unspaced(words: LayoutWord[]): string {
  const out: string[] = [];
  let run: LayoutWord[] = [];
  const spelled = (part: LayoutWord[], least: number) => {
    const single = part.filter((w) => w.text.length === 1).length;
    return part.length >= least && single >= part.length - 1 && single >= least - 1;
  };
  const end = () => {
    const gaps = run.slice(1).map((w, k) => w.bbox[0] - run[k]!.bbox[2]);
    const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
    const parts: LayoutWord[][] = [];
    let from = 0;
    gaps.forEach((g, k) => {
      if (usual > 0 && g > 1.25 * usual) {
        parts.push(run.slice(from, k + 1));
        from = k + 1;
      }
    });
    parts.push(run.slice(from));
    // (beside a word of four letters or more spelled out, a shorter one is too: an IBAN's last
    // group, "5 9 0")
    const least = parts.some((p) => spelled(p, 4)) ? 2 : 4;
    for (const part of parts)
      if (spelled(part, least)) out.push(part.map((w) => w.text).join(''));
      else out.push(...part.map((w) => w.text));
    run = [];
  };
  for (const w of words) {
    // (an amount's decimal comma or point after a digit goes with it: "2 5 , 0 0 €")
    const mark = /^[,.]$/.test(w.text) && /\d$/.test(run[run.length - 1]?.text ?? '');
    const letter =
      mark ||
      (/^[\p{L}\d]{1,2}$/u.test(w.text) && (w.text.length === 1 || /^[\p{Lu}\d]+$|^\p{Ll}+$/u.test(w.text)));
    // (digits go with capitals: an IBAN or a code spaced out, "F R 7 6   1 0 2 7")
    const sameCase = !run.length || /\p{Ll}/u.test(w.text) === /\p{Ll}/u.test(run[0]!.text);
    if (!letter || !sameCase) end();
    if (letter) run.push(w);
    else out.push(w.text);
  }
  end();
  return out.join(' ');
}

export function union(boxes: Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** Segments that may hold the value of a label: right on the same line, then below it. */
export function valuesNear(
  layout: PageLayout,
  label: Segment,
  opts: { column?: boolean } = {},
): Array<{ seg: Segment; where: 'right' | 'below' }> {
  const out: Array<{ seg: Segment; where: 'right' | 'below' }> = [];
  const line = layout.lines[label.line] ?? [];
  // Right: the next segment with a letter or digit; OCR may set the label's colon apart. With
  // `column` (a name's label), text far right of a label without a colon is another column's
  // ("Nom du client          Les prochaines étapes"), and the value is the one under the label.
  const right = line.slice(label.index + 1).find((s) => /[\p{L}\p{N}]/u.test(s.text));
  const far =
    !!right && opts.column && !/:\s*$/.test(label.text) && right.bbox[0] - label.bbox[2] > FAR_RIGHT;
  // A value set flush right across the page ("Zapłata do:" at the left margin, its date at the
  // right edge) is the label's when the label ends with its colon and nothing else stands on the line.
  const flushRight =
    !!right && /:\s*$/.test(label.text) && line.at(-1) === right && right.bbox[0] - label.bbox[2] < 0.8;
  if (right && (right.bbox[0] - label.bbox[2] < 0.6 || flushRight) && !far)
    out.push({ seg: right, where: 'right' });
  // Labels down the left margin with their values flush right across the page and an address
  // window between them ("Rechnungsdatum   Hoffmann & Vogel e.K.   12.7.2025"): the line's last
  // segment is the label's when the lines around it are set in the same two columns.
  const last = line.at(-1);
  if (
    !opts.column &&
    last &&
    last !== label &&
    !out.some((o) => o.seg === last) &&
    inLabelValueList(layout, label, last)
  )
    out.push({ seg: last, where: 'right' });
  // Below: the first segment under the label's column within a few line heights (text of other
  // columns may sit between a table header and its row).
  const height = label.bbox[3] - label.bbox[1];
  for (let li = label.line + 1; li < layout.lines.length; li++) {
    const line = layout.lines[li]!;
    if (Math.min(...line.map((s) => s.bbox[1])) - label.bbox[3] > height * 4) break;
    // Under the label's column, or (a right-aligned value) starting to its right in the next line.
    const inColumn = (l: Segment[]) =>
      l.find((s) => overlapsX(s.bbox, label.bbox) || Math.abs(s.bbox[0] - label.bbox[0]) < 0.02);
    let below =
      inColumn(line) ??
      (li === label.line + 1 && !opts.column
        ? line.find((s) => s.bbox[0] > label.bbox[0] && s.bbox[0] - label.bbox[2] < 0.45)
        : undefined);
    // Text of another column set a hair higher comes first in reading order ("Lieferadresse / TG
    // Höchberg" beside "RECHNUNG / 2503001"): a segment under the label on about the same height
    // is the label's value, not the other column's.
    // Nor does another column's text without a digit on a line that falls between the label and
    // the value under it in small type (a value with a digit, or the label's second line, its top
    // within two label heights of the label: "Data" / "documento" beside "Codice destinatario").
    const twin = layout.lines[li + 1];
    const under = twin && inColumn(twin);
    const between =
      !!under &&
      !/\d/.test(below?.text ?? '') &&
      (/\d/.test(under.text) || (!opts.column && secondLabelLine(label, under))) &&
      under.bbox[1] - label.bbox[3] < height * 2;
    if (below && !inColumn(line) && twin && Math.abs(twin[0]!.bbox[1] - below.bbox[1]) < height / 2)
      below = under ?? below;
    else if (below && !inColumn(line) && between) {
      below = under;
      li++;
    }
    if (below) {
      out.push({ seg: below, where: 'below' });
      // A label set on two lines ("DATE" / "D'ÉMISSION" / "15/01/2026"): its second line is
      // offered, and the value under it too.
      if (!opts.column && secondLabelLine(label, below)) continue;
      break;
    }
  }
  return out;
}

/**
 * Whether `below` reads as the second line of `label`: set right under it, a word or two, the
 * label without a colon; in capitals under a label in capitals ("DATE" / "D'ÉMISSION"), or in
 * small letters under a column heading ("Data documento" / "documento destinatario" in a
 * grid's heading row). (A word in capitals under a label in mixed case is its value, "Kunde" /
 * "Müller".)
 */
function secondLabelLine(label: Segment, below: Segment): boolean {
  const [a, b] = [label.text.trim(), below.text.trim()];
  const height = label.bbox[3] - label.bbox[1];
  const capitals = a === a.toUpperCase() && /^[\p{Lu}'’.\s-]+$/u.test(b);
  const small = /^\p{Ll}[\p{Ll}'’.-]*(?:\s\p{Ll}[\p{Ll}'’.-]*)?$/u.test(b);
  return (
    !/:$/.test(a) &&
    (capitals || small) &&
    b.split(/\s+/).length <= 2 &&
    below.bbox[1] - label.bbox[3] < height
  );
}

/**
 * Whether `label` (first on its line, at the left) and `value` (last on it, in the right half)
 * stand in a list of labels and flush-right values: at least two lines near it start with a
 * label (no digit) at the label's margin and end with a segment on the value's right edge.
 */
function inLabelValueList(layout: PageLayout, label: Segment, value: Segment): boolean {
  if (label.index !== 0 || label.bbox[0] > 0.3 || value.bbox[0] < 0.5) return false;
  let rows = 0;
  for (let li = label.line - LIST_REACH; li <= label.line + LIST_REACH; li++) {
    const line = layout.lines[li];
    if (li === label.line || !line || line.length < 2) continue;
    const [first, end] = [line[0]!, line.at(-1)!];
    if (
      Math.abs(first.bbox[0] - label.bbox[0]) < 0.01 &&
      !/\d/.test(first.text) &&
      Math.abs(end.bbox[2] - value.bbox[2]) < 0.01
    )
      rows++;
  }
  return rows >= 2;
}

/** Lines above and below a label looked at for the rest of its label-and-value list. */
const LIST_REACH = 4;

/** A value further right of its label than this (page widths) may be another column's. */
const FAR_RIGHT = 0.12;

/** The segments under a column header, row by row, until the column ends (a wide gap). */
export function columnBelow(layout: PageLayout, header: Segment, maxRows = 8): Segment[] {
  return rowsBelow(layout, header, maxRows, (s) => overlapsX(s.bbox, header.bbox), 'skip');
}

/**
 * The segments under a column heading of a table whose headings are set flush left and whose
 * amounts flush right in wide columns ("Kwota netto" over "13 915,00" far to its right): the
 * segments that lie within the heading's span, from its left edge to the next heading's on its
 * line, in the rows below it while they follow closely. For a heading whose column
 * (columnBelow) holds nothing under it.
 */
export function spanBelow(layout: PageLayout, header: Segment, maxRows = 8): Segment[] {
  const next = layout.lines[header.line]!.find((s) => s.bbox[0] > header.bbox[2]);
  const [left, right] = [header.bbox[0] - 0.005, next ? next.bbox[0] : 1];
  return rowsBelow(layout, header, maxRows, (s) => s.bbox[0] >= left && s.bbox[2] <= right, 'stop');
}

/** The segment of each row under `header` that `inColumn` picks, down to a wide gap; a row
 * without one is passed over (`skip`) or ends the walk (`stop`). */
function rowsBelow(
  layout: PageLayout,
  header: Segment,
  maxRows: number,
  inColumn: (s: Segment) => boolean,
  onGap: 'skip' | 'stop',
): Segment[] {
  const out: Segment[] = [];
  const height = header.bbox[3] - header.bbox[1];
  let bottom = header.bbox[3];
  for (let li = header.line + 1; li < layout.lines.length && out.length < maxRows; li++) {
    const line = layout.lines[li]!;
    const top = Math.min(...line.map((s) => s.bbox[1]));
    if (top - bottom > height * 4) break;
    const seg = line.find(inColumn);
    if (!seg) {
      if (onGap === 'stop') break;
      continue;
    }
    out.push(seg);
    bottom = seg.bbox[3];
  }
  return out;
}

/** The segments over a value in its column, nearest first, within a few line heights: the labels
 * of a grid that sets its labels in one row and the values in the row under it. */
export function segmentsAbove(layout: PageLayout, seg: Segment, maxLines = 3): Segment[] {
  const out: Segment[] = [];
  const height = seg.bbox[3] - seg.bbox[1];
  let top = seg.bbox[1];
  for (let li = seg.line - 1; li >= 0 && li >= seg.line - maxLines; li--) {
    const line = layout.lines[li]!;
    if (top - Math.max(...line.map((s) => s.bbox[3])) > height * 3) break;
    const over = line.find((s) => overlapsX(s.bbox, seg.bbox));
    if (!over) continue;
    out.push(over);
    top = over.bbox[1];
  }
  return out;
}

function overlapsX(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2];
}

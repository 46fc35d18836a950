// The drawing a layout makes, independent of any PDF library: pages of text runs (baseline
// position from the top-left corner, size, bold, alignment), lines, grey boxes and PNG pictures. Each renderer
// (render-*.mjs) turns the same list into a PDF with its own library, fonts and text operators.

export const A4 = { width: 595.28, height: 841.89 };

export class Pages {
  constructor() {
    this.pages = [[]];
  }

  get count() {
    return this.pages.length;
  }

  /** A text run on the current page (or on page `o.page`); `x` is its left, right or centre by `o.align`. */
  text(x, y, text, o = {}) {
    if (text == null || text === '') return;
    const page = o.page ?? this.pages.length - 1;
    this.pages[page].push({
      type: 'text',
      x,
      y,
      text: String(text),
      size: o.size ?? 9,
      bold: Boolean(o.bold),
      align: o.align ?? 'left',
    });
  }

  line(x1, y1, x2, y2, width = 0.5) {
    this.pages.at(-1).push({ type: 'line', x1, y1, x2, y2, width });
  }

  /** A filled box (grey 0 black .. 1 white), drawn under the text that follows it. */
  rect(x, y, w, h, grey = 0.9) {
    this.pages.at(-1).push({ type: 'rect', x, y, w, h, grey });
  }

  /** A PNG picture (`png` bytes) with its top-left corner at x, y and its size in points. */
  image(x, y, w, h, png) {
    this.pages.at(-1).push({ type: 'image', x, y, w, h, png });
  }

  newPage() {
    this.pages.push([]);
  }

  /** Every character the pages print (to choose a font that has them all). */
  allText() {
    return this.pages
      .flat()
      .filter((op) => op.type === 'text')
      .map((op) => op.text)
      .join('\n');
  }
}

/**
 * An estimate of a run's width in points, for placing columns (renderers align with their own
 * metrics): average glyph widths of a sans font, wider for capitals, digits and bold.
 */
export function textWidth(text, size, bold = false) {
  let w = 0;
  for (const ch of String(text)) {
    if (ch === ' ' || ch === '\u00a0' || ch === '\u202f') w += 0.28;
    else if (/[.,:;'’|!iIl]/.test(ch)) w += 0.28;
    else if (/[0-9]/.test(ch)) w += 0.56;
    else if (/[A-ZÀ-ÞА-ЯΑ-ΩМШЩЖЮ@%&mwMW]/.test(ch)) w += 0.72;
    else w += 0.54;
  }
  return w * size * (bold ? 1.08 : 1);
}

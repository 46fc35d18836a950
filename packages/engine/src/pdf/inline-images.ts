// Inline images (`BI <dict> ID <data> EI`) inside a page's content: pdf.js decodes their data with
// their filters when it draws the page, a Flate image whole, so a bomb can hide there as well as
// in a stream of its own. The stream budget (stream-budget.ts) feeds the decoded content of every
// stream that may be a content stream through this scanner, which finds each inline image, takes
// its data and hands it to be counted against the image's declared size.
//
// Where the data ends is pdf.js's guess (an "EI" followed by what looks like content), which a
// crafted image can push further; the scanner does not guess: every filter counted marks its own
// end, so the data is taken to the first "EI" past that end (at most MAX_DATA bytes).
import { type Dict, isName, isPdfBoundary, isPdfSpace, Parser, type Value } from './pdf-syntax.js';

/** An inline image's data longer than this is refused (they are meant to be a few KB). */
export const MAX_INLINE_DATA = 4 << 20;
/** Its dictionary, between BI and ID. */
const MAX_DICT = 4096;

export interface InlineImage {
  dict: Dict;
  data: Uint8Array;
  /** The data runs to the end of the content (or to MAX_INLINE_DATA): no more will come. */
  last: boolean;
}

/**
 * What the budget answers for an inline image's data: `ended` when its filters stopped within
 * it (the image is done), else more data is wanted; or why the file is refused.
 */
export type InlineVerdict = { ended: boolean } | { refused: string };

/** Finds the inline images of content fed in chunks. */
export class InlineImageScanner {
  private state: 'content' | 'dict' | 'data' = 'content';
  /** The last two bytes seen (for "BI", "ID" and "EI" across chunks). */
  private prev2 = -1;
  private prev1 = -1;
  private dictText: number[] = [];
  private dict?: Dict;
  private data: Uint8Array[] = [];
  private dataLength = 0;
  /** Whether the image has been answered "not ended" at an "EI" already. */
  private retries = 0;

  constructor(private readonly answer: (image: InlineImage) => Promise<InlineVerdict>) {}

  /** Feeds content; the reason to refuse the file, once one is found. */
  async feed(chunk: Uint8Array): Promise<string | undefined> {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.state === 'content') {
        // "BI" as a token: after a boundary, before white space.
        if (isPdfSpace(c) && this.prev1 === 0x49 && this.prev2 === 0x42 && isPdfBoundary(this.before2)) {
          this.state = 'dict';
          this.dictText = [];
        }
      } else if (this.state === 'dict') {
        this.dictText.push(c);
        if (
          this.prev2 !== -1 &&
          isPdfBoundary(this.before2) &&
          this.prev2 === 0x49 &&
          this.prev1 === 0x44 &&
          isPdfSpace(c)
        ) {
          // "ID" and the one white-space byte after it: the data starts at the next byte.
          this.dict = parseDict(this.dictText.slice(0, -3));
          this.state = this.dict ? 'data' : 'content';
          this.data = [];
          this.dataLength = 0;
          this.retries = 0;
          from = i + 1;
        } else if (this.dictText.length > MAX_DICT) this.state = 'content';
      } else if (c === 0x49 && this.prev1 === 0x45) {
        // "EI": where pdf.js may end the data; ask whether the filters ended before it.
        const refused = await this.take(chunk.subarray(from, i + 1), false);
        from = i + 1;
        if (refused) return refused;
      } else if (this.dataLength + (i + 1 - from) >= MAX_INLINE_DATA) {
        const refused = await this.take(chunk.subarray(from, i + 1), true);
        from = i + 1;
        if (refused) return refused;
      }
      this.before2 = this.prev2;
      this.prev2 = this.prev1;
      this.prev1 = c;
    }
    if (this.state === 'data') this.keep(chunk.subarray(from));
    return undefined;
  }

  /** The content is over: an image still open gets the rest of it. */
  async end(): Promise<string | undefined> {
    if (this.state !== 'data') return undefined;
    return this.take(new Uint8Array(0), true);
  }

  private before2 = -1;

  private keep(bytes: Uint8Array) {
    if (!bytes.length) return;
    this.data.push(bytes.slice());
    this.dataLength += bytes.length;
  }

  private async take(bytes: Uint8Array, last: boolean): Promise<string | undefined> {
    this.keep(bytes);
    // Past a few "EI" the filters did not end at, the data is taken to its end at once, so that
    // an image full of them is not decoded again at each.
    if (!last && ++this.retries > 8) return undefined;
    const data = Buffer.concat(this.data);
    this.data = [data];
    const verdict = await this.answer({ dict: this.dict!, data, last });
    if ('refused' in verdict) return verdict.refused;
    if (verdict.ended || last) {
      this.state = 'content';
      this.data = [];
      this.dataLength = 0;
    }
    return undefined;
  }
}

/** The dictionary between BI and ID (keys and values as in a dictionary, without << >>). */
function parseDict(bytes: number[]): Dict | undefined {
  const parser = new Parser(Buffer.from(bytes).toString('latin1'), 0, true);
  const dict: Dict = new Map();
  try {
    for (;;) {
      const key: Value = parser.value(0);
      if (!isName(key)) break;
      dict.set(key.name, parser.value(0));
    }
  } catch {
    // The end of the dictionary's text (or what this parser cannot read).
  }
  return dict.size ? dict : undefined;
}

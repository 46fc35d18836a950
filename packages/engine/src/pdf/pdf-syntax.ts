// Just enough PDF syntax to read objects without pdf.js: values (numbers, names, strings, arrays,
// dictionaries, references) from a position of the file's text, and where a stream's data ends.
// Shared by the scanner-JPEG shortcut (scan-jpeg.ts) and the stream budget checked before pdf.js
// sees a file (stream-budget.ts, through pdf-objects.ts). The text is the file's bytes as Latin-1,
// one character a byte, so positions in it are byte offsets. Anything unusual throws `Unreadable`:
// each caller decides what that means for it.

export type Value = number | boolean | null | string | Name | Ref | Value[] | Dict;
export interface Name {
  name: string;
}
export interface Ref {
  ref: number;
  gen?: number;
}
export type Dict = Map<string, Value>;

export const isName = (v: Value | undefined): v is Name => typeof v === 'object' && v !== null && 'name' in v;
export const isRef = (v: Value | undefined): v is Ref => typeof v === 'object' && v !== null && 'ref' in v;
export const isDict = (v: Value | undefined): v is Dict => v instanceof Map;

/** Deeper nesting of arrays and dictionaries than this is no real file's: give up. */
export const MAX_DEPTH = 32;

export class Unreadable extends Error {}
/** Thrown by the parser: one instance, as an error's stack costs more than a parse. */
const UNREADABLE = new Unreadable();

const WHITESPACE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%]/;

/**
 * Where the data of a stream starting at `start` ends: at `start + length` when `length` is a
 * number and "endstream" follows there (as pdf.js checks it), else before the next "endstream"
 * (an indirect or wrong /Length; pdf.js then searches the same way). Undefined when no
 * "endstream" follows at all. `next` finds the next "endstream" from a position (a caller
 * looking at many streams in order may remember where the last one was).
 */
export function streamEnd(
  text: string,
  start: number,
  length: Value | undefined,
  next: (from: number) => number = (from) => text.indexOf('endstream', from),
): number | undefined {
  const stop = typeof length === 'number' && Number.isInteger(length) ? start + length : -1;
  if (stop >= start && /^\s*endstream/.test(text.slice(stop, stop + 20))) return stop;
  let end = next(start);
  if (end < 0) return undefined;
  while (end > start && /[\r\n]/.test(text[end - 1]!)) end--;
  return end;
}

export interface ObjectHead {
  /** Where "N G obj" starts and ends. */
  at: number;
  end: number;
  num: number;
  gen: number;
}

/** PDF white space: space, LF, CR, tab, form feed, NUL. */
export const isPdfSpace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;
/** PDF delimiters: ( ) < > [ ] { } / %. */
export const isPdfDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
/** What ends a PDF keyword: white space, a delimiter, or the end of the text (undefined). */
export const isPdfBoundary = (c: number | undefined) => c === undefined || isPdfSpace(c) || isPdfDelimiter(c);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isWordChar = (c: number) =>
  isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/**
 * The first "N G obj" starting at or after `from`: what /(\d+)\s+(\d+)\s+obj\b/ finds, from the
 * "obj" keywords back, in time linear in the text (that expression takes time quadratic in a
 * run of digits, which a file may be made of).
 */
export function nextObjectHead(text: string, from: number): ObjectHead | undefined {
  for (let k = text.indexOf('obj', from); k >= 0; k = text.indexOf('obj', k + 3)) {
    if (k + 3 < text.length && isWordChar(text.charCodeAt(k + 3))) continue;
    let i = k;
    const spaces = (): boolean => {
      const before = i;
      while (i > 0 && isPdfSpace(text.charCodeAt(i - 1))) i--;
      return i < before;
    };
    const digits = (): number | undefined => {
      const end = i;
      while (i > 0 && isDigit(text.charCodeAt(i - 1))) i--;
      return i < end ? end : undefined;
    };
    if (!spaces()) continue;
    const genEnd = digits();
    if (genEnd === undefined) continue;
    const genAt = i;
    if (!spaces()) continue;
    const numEnd = digits();
    if (numEnd === undefined || numEnd <= from) continue;
    const at = Math.max(i, from);
    return {
      at,
      end: k + 3,
      num: Number(text.slice(at, numEnd)),
      gen: Number(text.slice(genAt, genEnd)),
    };
  }
  return undefined;
}

/** PDF values from a position of the file's text. Strings are as written, escapes and all,
 * unless `decodeStrings` asks for their bytes (one Latin-1 character each), as pdf.js reads them. */
export class Parser {
  constructor(
    private readonly s: string,
    public pos: number,
    private readonly decodeStrings = false,
  ) {}

  private skip() {
    for (;;) {
      while (this.pos < this.s.length && WHITESPACE.test(this.s[this.pos]!)) this.pos++;
      if (this.s[this.pos] !== '%') return;
      while (this.pos < this.s.length && !/[\r\n]/.test(this.s[this.pos]!)) this.pos++;
    }
  }

  /** The next bare word (a keyword or a number), without consuming anything else. */
  keyword(): string {
    this.skip();
    return this.regular();
  }

  /** The run of regular characters (neither white space nor a delimiter) at the position. */
  private regular(): string {
    const start = this.pos;
    while (
      this.pos < this.s.length &&
      !WHITESPACE.test(this.s[this.pos]!) &&
      !DELIMITER.test(this.s[this.pos]!)
    )
      this.pos++;
    return this.s.slice(start, this.pos);
  }

  value(depth: number): Value {
    if (depth > MAX_DEPTH) throw UNREADABLE;
    this.skip();
    const c = this.s[this.pos];
    if (c === undefined) throw UNREADABLE;
    if (c === '/') {
      this.pos++;
      const raw = this.regular();
      return {
        name: raw.replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
      };
    }
    if (c === '<' && this.s[this.pos + 1] === '<') {
      this.pos += 2;
      const dict: Dict = new Map();
      for (;;) {
        this.skip();
        if (this.s.startsWith('>>', this.pos)) {
          this.pos += 2;
          return dict;
        }
        const key = this.value(depth + 1);
        if (!isName(key)) throw UNREADABLE;
        dict.set(key.name, this.value(depth + 1));
      }
    }
    if (c === '<') {
      const end = this.s.indexOf('>', this.pos);
      if (end < 0) throw UNREADABLE;
      const hex = this.s.slice(this.pos + 1, end);
      this.pos = end + 1;
      if (!this.decodeStrings) return hex;
      const digits = hex.replace(/[^0-9a-fA-F]/g, '');
      return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex').toString('latin1');
    }
    if (c === '[') {
      this.pos++;
      const items: Value[] = [];
      for (;;) {
        this.skip();
        if (this.s[this.pos] === ']') {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    if (c === '(') return this.literal();
    const word = this.keyword();
    if (word === '') throw UNREADABLE;
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    const n = Number(word);
    if (!Number.isFinite(n)) throw UNREADABLE;
    // "12 0 R": an integer followed by another and R is a reference.
    if (Number.isInteger(n)) {
      const save = this.pos;
      const gen = this.keyword();
      if (/^\d+$/.test(gen) && this.keyword() === 'R') return { ref: n, gen: Number(gen) };
      this.pos = save;
    }
    return n;
  }

  /** A literal string: balanced parentheses, backslash escapes (kept as written). */
  private literal(): string {
    let depth = 0;
    const start = this.pos;
    for (; this.pos < this.s.length; this.pos++) {
      const ch = this.s[this.pos];
      if (ch === '\\') this.pos++;
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) {
        this.pos++;
        const raw = this.s.slice(start + 1, this.pos - 1);
        return this.decodeStrings ? unescapeLiteral(raw) : raw;
      }
    }
    throw UNREADABLE;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** A literal string's bytes: backslash escapes (octal codes, a line continued) read as pdf.js's
 * lexer reads them. */
function unescapeLiteral(raw: string): string {
  return raw.replace(/\\(?:([0-7]{1,3})|(\r\n?|\n)|([\s\S]))/g, (_, octal, _eol, ch) =>
    octal !== undefined
      ? String.fromCharCode(Number.parseInt(octal, 8) & 255)
      : ch === undefined
        ? ''
        : (ESCAPES[ch] ?? ch),
  );
}

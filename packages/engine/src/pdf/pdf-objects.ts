// The file's text read as objects, for the stream budget (stream-budget.ts): every "N G obj" and
// where it is, values with their references followed, each `stream` keyword with its data and
// dictionary as pdf.js finds them, what a stream's dictionary says (filters, image size, whether
// it may be page content), and how an encrypted file that opens without a password has its
// streams decrypted. It reads leniently and within bounds, as files made to be slow to look at
// require; scan-jpeg.ts has its own strict reader, which gives up on anything unusual. Both build
// on pdf-syntax.ts.
import {
  type Dict,
  isDict,
  isName,
  isPdfBoundary,
  isRef,
  nextObjectHead,
  Parser,
  streamEnd,
  type Value,
} from './pdf-syntax.js';
import { type EncryptDict, fileCipher, type StreamCipher } from './stream-crypt.js';
import { zlibHeader } from './stream-decoders.js';

/** The most of the file's text read as dictionaries of objects, as a multiple of the file's size
 * (plus MAX_OBJECT_TEXT), and of one object. */
const PARSE_FACTOR = 1;
const MAX_OBJECT_TEXT = 1 << 20;

/** A `stream` keyword of the file, with its data and dictionary. */
export interface Found {
  /** Where the `stream` keyword is. */
  at: number;
  /** Where the data starts, and where it ends as far as this reading can tell. */
  start: number;
  stop: number;
  /** pdf.js takes no more than [start, stop) of the file for this stream. */
  trusted: boolean;
  dict?: Dict;
  /** The "N G obj" the stream belongs to (the nearest before it when the dictionary is unread). */
  head?: number;
}

/** An object's number and generation as one key. */
const objectKey = (num: number, gen: number) => num * 65536 + (gen & 0xffff);

/** Names of colour spaces by their number of components. */
const COMPONENTS: Record<string, number> = {
  DeviceGray: 1,
  G: 1,
  CalGray: 1,
  Indexed: 1,
  I: 1,
  Separation: 1,
  DeviceRGB: 3,
  RGB: 3,
  CalRGB: 3,
  Lab: 3,
  DeviceCMYK: 4,
  CMYK: 4,
};

/** The file's text and its objects, read as far as the budget needs. */
export class PdfText {
  private readonly text: string;
  /** Every "N G obj", in file order. */
  readonly heads: { at: number; end: number; num: number; gen: number }[] = [];
  /** Where each "N G" is defined (more than once after incremental updates). */
  private readonly byKey = new Map<number, number | number[]>();
  /** Each head's value and where a `stream` keyword right after it starts, once read. */
  private readonly parsed = new Map<number, { value: Value; streamAt: number } | null>();
  /** Objects packed in object streams, which this reading does not look into. */
  private readonly packed: boolean;
  /** What is left of the text the parser may read. */
  private parseBudget: number;
  /** The next "endstream", "\r" and "\n" found, for positions before them. */
  private readonly nextEndstream: NextFinder;
  private readonly nextCr: NextFinder;
  private readonly nextLf: NextFinder;

  constructor(readonly bytes: Uint8Array) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    this.text = text;
    for (let head = nextObjectHead(text, 0); head; head = nextObjectHead(text, head.end)) {
      const i = this.heads.push({ at: head.at, end: head.end, num: head.num, gen: head.gen }) - 1;
      const key = objectKey(head.num, head.gen);
      const list = this.byKey.get(key);
      if (list === undefined) this.byKey.set(key, i);
      else if (typeof list === 'number') this.byKey.set(key, [list, i]);
      else list.push(i);
    }
    this.packed = text.includes('/ObjStm');
    this.parseBudget = PARSE_FACTOR * text.length + MAX_OBJECT_TEXT;
    this.nextEndstream = new NextFinder(text, 'endstream');
    this.nextCr = new NextFinder(text, '\r');
    this.nextLf = new NextFinder(text, '\n');
    if (text.includes('/Encrypt')) this.cipherFor = this.encryption();
  }

  /** How the streams of an encrypted file are decrypted, when it opens without a password. */
  readonly cipherFor?: (num: number, gen: number) => StreamCipher | undefined;

  /** From the last /Encrypt and /ID of the file (the trailer's, or the cross-reference stream's). */
  private encryption(): ((num: number, gen: number) => StreamCipher | undefined) | undefined {
    const last = (key: string): Value | undefined => {
      for (let at = this.text.lastIndexOf(key); at >= 0; at = this.text.lastIndexOf(key, at - 1)) {
        if (!isPdfBoundary(this.text.charCodeAt(at + key.length))) continue;
        try {
          return new Parser(this.text.slice(at + key.length, at + key.length + 4096), 0, true).value(0);
        } catch {}
      }
      return undefined;
    };
    const encrypt = this.resolve(last('/Encrypt'));
    const ids = this.resolve(last('/ID'));
    const id = Array.isArray(ids) ? this.resolve(ids[0]) : undefined;
    if (!isDict(encrypt)) return undefined;
    const get = (d: Value | undefined, k: string) => (isDict(d) ? this.resolve(d.get(k)) : undefined);
    const str = (v: Value | undefined) => (typeof v === 'string' ? v : undefined);
    const num = (v: Value | undefined) => (typeof v === 'number' ? v : undefined);
    const nameOf = (v: Value | undefined) => (isName(v) ? v.name : undefined);
    const stmF = nameOf(get(encrypt, 'StmF'));
    const filter = stmF ? get(get(encrypt, 'CF'), stmF) : undefined;
    const dict: EncryptDict = {
      filter: nameOf(get(encrypt, 'Filter')),
      v: num(get(encrypt, 'V')),
      r: num(get(encrypt, 'R')),
      length: num(get(encrypt, 'Length')),
      o: str(get(encrypt, 'O')),
      u: str(get(encrypt, 'U')),
      oe: str(get(encrypt, 'OE')),
      ue: str(get(encrypt, 'UE')),
      p: num(get(encrypt, 'P')),
      encryptMetadata: get(encrypt, 'EncryptMetadata') !== false,
      stmF,
      cfm: nameOf(get(filter, 'CFM')),
      cfLength: num(get(filter, 'Length')),
    };
    return fileCipher(dict, str(id) ?? '');
  }

  /** Every `stream` keyword of the file (not "endstream") with its data and dictionary. */
  *streams(): Generator<Found> {
    const text = this.text;
    for (let at = text.indexOf('stream'); at >= 0; at = text.indexOf('stream', at + 6)) {
      // The keyword alone (not "endstream"), as pdf.js's lexer reads a command.
      if (at > 0 && !isPdfBoundary(text.charCodeAt(at - 1))) continue;
      if (at + 6 < text.length && !isPdfBoundary(text.charCodeAt(at + 6))) continue;
      // pdf.js's data starts after the end of the line the keyword is on.
      const cr = this.nextCr.from(at + 6);
      const lf = this.nextLf.from(at + 6);
      const eol = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      if (eol < 0) break;
      const start = eol + (text[eol] === '\r' && text[eol + 1] === '\n' ? 2 : 1);
      const { dict, head } = this.dictBefore(at);
      const length = dict?.get('Length');
      const known = isRef(length) ? this.lengthOf(length) : length;
      const stop = streamEnd(text, start, known, (from) => this.nextEndstream.from(from)) ?? text.length;
      // pdf.js resolves an indirect /Length through the cross-reference table, which may point
      // elsewhere than this reading does, unless it has one definition and no object streams.
      const trusted = dict !== undefined && (!isRef(length) || known !== undefined);
      yield { at, start, stop, trusted, ...(dict ? { dict } : {}), ...(head !== undefined ? { head } : {}) };
      // The next keyword may be in this one's data: a stream pdf.js may find there is counted too.
      at = start - 6;
    }
  }

  /** The dictionary of the stream whose keyword is at `at`: the value after the nearest
   * "N G obj" before it that ends right there (a few are tried, for a head that a string of
   * another object's dictionary only seems to hold). */
  private dictBefore(at: number): { dict?: Dict; head?: number } {
    const h = this.headBefore(at);
    if (h === undefined) return {};
    for (let i = h; i >= 0 && i > h - 4; i--) {
      const obj = this.value(i);
      if (obj && obj.streamAt === at) return isDict(obj.value) ? { dict: obj.value, head: i } : { head: i };
    }
    return { head: h };
  }

  /** The filters of a stream whose dictionary could not be read: a /Filter (or /F) key in the
   * text just before its keyword, else Flate when the data starts like it. */
  guessedFilters(at: number, start: number): { name: string; params?: Dict }[] {
    const before = this.text.slice(Math.max(0, at - 1024), at);
    const key =
      /\/F(?:ilter)?\s{0,16}(\[[^\]]{0,256}\]|\/[^\s/[\]<>()%]{1,64}|\d{1,10}\s{1,4}\d{1,5}\s{1,4}R)/g;
    const last = [...before.matchAll(key)].at(-1)?.[1];
    if (last) {
      let value: Value | undefined;
      try {
        value = this.resolve(new Parser(last, 0).value(0));
      } catch {}
      const names = (Array.isArray(value) ? value : [value]).map((v) => this.resolve(v));
      const filters = names.filter(isName).map((n) => ({ name: n.name }));
      if (filters.length) return filters;
    }
    return zlibHeader(this.bytes.subarray(start, start + 2)) ? [{ name: 'FlateDecode' }] : [];
  }

  /** Whether a stream may hold page content (and so inline images): any but those whose type
   * says otherwise (images, fonts, ICC profiles, embedded files, metadata, object and
   * cross-reference streams, CMaps). */
  mayBeContent(dict: Dict): boolean {
    const name = (k: string) => {
      const v = this.resolve(dict.get(k));
      return isName(v) ? v.name : undefined;
    };
    const type = name('Type');
    if (type && ['XRef', 'ObjStm', 'Metadata', 'EmbeddedFile', 'CMap'].includes(type)) return false;
    const subtype = name('Subtype');
    if (subtype && ['Image', 'Type1C', 'CIDFontType0C', 'OpenType', 'XML'].includes(subtype)) return false;
    return !['Length1', 'Length2', 'Length3', 'N'].some((k) => dict.has(k));
  }

  /** The filters in pdf.js's order, each with its parameters: /F before /Filter, /DP before
   * /DecodeParms, as pdf.js's Dict.get takes them. */
  filters(dict: Dict): { name: string; params?: Dict }[] {
    const filter = this.resolve(dict.has('F') ? dict.get('F') : dict.get('Filter'));
    const params = this.resolve(dict.has('DP') ? dict.get('DP') : dict.get('DecodeParms'));
    if (isName(filter)) return [{ name: filter.name, ...(isDict(params) ? { params } : {}) }];
    if (!Array.isArray(filter)) return [];
    const out: { name: string; params?: Dict }[] = [];
    for (const [i, f] of filter.entries()) {
      const name = this.resolve(f);
      // pdf.js throws for a filter that is no name: the stream is not read past it.
      if (!isName(name)) break;
      const p = Array.isArray(params) ? this.resolve(params[i]) : undefined;
      out.push({ name: name.name, ...(isDict(p) ? { params: p } : {}) });
    }
    return out;
  }

  earlyChange(params: Dict | undefined): number {
    const v = params ? this.resolve(params.get('EarlyChange')) : undefined;
    return typeof v === 'number' ? v : 1;
  }

  /** An image XObject, a soft mask or a thumbnail: its size is declared. */
  isImage(dict: Dict): boolean {
    const subtype = this.resolve(dict.get('Subtype'));
    const has = (a: string, b: string) => dict.has(a) || dict.has(b);
    return (isName(subtype) && subtype.name === 'Image') || (has('W', 'Width') && has('H', 'Height'));
  }

  /** The declared pixels, and bytes once decoded (rows with a predictor's tag byte). */
  imageSize(
    dict: Dict,
    filters: { params?: Dict }[],
  ): { width: number; height: number; bytes: number } | undefined {
    // pdf.js's PDFImage takes the short keys of inline images first (dict.get("W", "Width")).
    const get = (d: Dict | undefined, key: string, long?: string) =>
      d ? this.resolve(d.has(key) || !long ? d.get(key) : d.get(long)) : undefined;
    const num = (d: Dict | undefined, key: string, long?: string) => {
      const v = get(d, key, long);
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    };
    const width = num(dict, 'W', 'Width');
    const height = num(dict, 'H', 'Height');
    if (width === undefined || height === undefined || !(width > 0 && height > 0)) return undefined;
    const mask = get(dict, 'IM', 'ImageMask') === true;
    const bits = mask ? 1 : Math.min(Math.max(num(dict, 'BPC', 'BitsPerComponent') ?? 8, 1), 16);
    const comps = mask ? 1 : this.components(get(dict, 'CS', 'ColorSpace'), 0);
    let row = Math.ceil((width * comps * bits) / 8) + 1;
    for (const { params } of filters) {
      const predictor = num(params, 'Predictor') ?? 1;
      if (predictor < 2) continue;
      const columns = num(params, 'Columns') ?? 1;
      const colors = num(params, 'Colors') ?? 1;
      const bpc = num(params, 'BitsPerComponent') ?? 8;
      row = Math.max(row, Math.ceil((columns * colors * bpc) / 8) + 1);
    }
    return { width, height, bytes: row * height };
  }

  /** The components of a colour space; 4 when it cannot be told (a name from the resources). */
  private components(v: Value | undefined, depth: number): number {
    const cs = this.resolve(v);
    if (isName(cs)) return COMPONENTS[cs.name] ?? 4;
    if (!Array.isArray(cs) || depth > 4) return 4;
    const family = this.resolve(cs[0]);
    if (!isName(family)) return 4;
    if (family.name === 'ICCBased') {
      const profile = this.resolve(cs[1]);
      const n = isDict(profile) ? this.resolve(profile.get('N')) : undefined;
      return typeof n === 'number' && n >= 1 && n <= 32 ? n : 4;
    }
    if (family.name === 'DeviceN') {
      const names = this.resolve(cs[1]);
      return Array.isArray(names) && names.length >= 1 && names.length <= 32 ? names.length : 4;
    }
    return COMPONENTS[family.name] ?? 4;
  }

  /** A value with references followed (to the last definition of the object); undefined for an
   * object this reading cannot find (packed in an object stream, or missing). */
  private resolve(v: Value | undefined, depth = 0): Value | undefined {
    if (!isRef(v)) return v;
    if (depth > 8) return undefined;
    const heads = this.byKey.get(objectKey(v.ref, v.gen ?? 0));
    const h = typeof heads === 'number' ? heads : heads?.at(-1);
    return h === undefined ? undefined : this.resolve(this.value(h)?.value, depth + 1);
  }

  /** An indirect /Length, when the file has just one definition of it and no object streams
   * (pdf.js could otherwise resolve it to another). */
  private lengthOf(ref: { ref: number; gen?: number }): number | undefined {
    if (this.packed) return undefined;
    const head = this.byKey.get(objectKey(ref.ref, ref.gen ?? 0));
    if (typeof head !== 'number') return undefined;
    const v = this.value(head)?.value;
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
  }

  /** The last "N G obj" before `at`. */
  private headBefore(at: number): number | undefined {
    let lo = 0;
    let hi = this.heads.length - 1;
    let found: number | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.heads[mid]!.end <= at) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** The value after head `h`, read once, within MAX_OBJECT_TEXT of it and the parse budget;
   * null when it is not PDF syntax this reading knows (or too long to read). */
  private value(h: number): { value: Value; streamAt: number } | null {
    let v = this.parsed.get(h);
    if (v !== undefined) return v;
    const { end } = this.heads[h]!;
    // An object ends before the next one starts (but for a head inside a string of it).
    const next = this.heads[h + 1]?.at ?? this.text.length;
    const span = Math.min(MAX_OBJECT_TEXT, this.parseBudget, next - end + 1024);
    if (span <= 0) {
      this.parsed.set(h, null);
      return null;
    }
    // A slice: no search of the parser's runs past it, whatever the text holds.
    const parser = new Parser(this.text.slice(end, end + span), 0, true);
    try {
      const value = parser.value(0);
      const keyword = parser.keyword();
      v = { value, streamAt: keyword === 'stream' ? end + parser.pos - 6 : -1 };
    } catch {
      v = null;
    }
    // A failed parse may have searched the whole span (for the end of a string).
    this.parseBudget -= v ? parser.pos : span;
    this.parsed.set(h, v);
    return v;
  }
}

/** The first occurrence of a string at or after a position, for positions that only grow
 * (mostly): one search serves every position before the occurrence it found. */
class NextFinder {
  private found = -2;
  private searchedFrom = 0;

  constructor(
    private readonly text: string,
    private readonly what: string,
  ) {}

  from(pos: number): number {
    if (this.found === -1 && pos >= this.searchedFrom) return -1;
    if (this.found >= pos && pos >= this.searchedFrom) return this.found;
    this.searchedFrom = pos;
    this.found = this.text.indexOf(this.what, pos);
    return this.found;
  }
}

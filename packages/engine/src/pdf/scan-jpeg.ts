// Scanner PDFs read without pdf.js decoding their images. Most scanners write each page as one
// JPEG drawn over the whole page and nothing else. For such a page the JPEG's bytes are taken
// from the file and decoded natively (sharp: 40-70 ms for an A4 page at 200 dpi), where pdf.js
// decodes them in JavaScript (160-600 ms a corpus scan page) before its operator list even says
// what the page holds. This is a small reader of PDF syntax, not a PDF parser: whatever it does
// not recognise with certainty (encryption, objects packed in object streams, any filter but
// Flate on the content, a content stream that does more than `q a 0 0 d e f cm /Im Do Q`, an
// image with a mask, a decode array or an unusual colour space) leaves the page to pdf.js.
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Raster } from '../image/load.js';
import { coversPage, type Matrix } from './operators.js';

/** A page that is one JPEG over the whole page. */
export interface ScanJpeg {
  jpeg: Uint8Array;
  width: number;
  height: number;
  /** The page's size in points (its crop box). */
  pointsWide: number;
  pointsHigh: number;
  /** The image's size on the page, in points. */
  placedWide: number;
  placedHigh: number;
}

type Value = number | boolean | null | string | Name | Ref | Value[] | Dict;
interface Name {
  name: string;
}
interface Ref {
  ref: number;
}
type Dict = Map<string, Value>;
interface PdfObject {
  value: Value;
  /** A stream's data, as in the file (still encoded). */
  stream?: Uint8Array;
}

const isName = (v: Value | undefined): v is Name => typeof v === 'object' && v !== null && 'name' in v;
const isRef = (v: Value | undefined): v is Ref => typeof v === 'object' && v !== null && 'ref' in v;
const isDict = (v: Value | undefined): v is Dict => v instanceof Map;

/** Deeper nesting of arrays and dictionaries than this is no scanner's page: give up. */
const MAX_DEPTH = 32;

class Unreadable extends Error {}

/**
 * How many pages `bytes` has, and those (1-based numbers) that are one JPEG over the whole page,
 * unturned and opaque, and nothing else. No pages when the file is anything this reader is not
 * sure of: the caller then also checks the count against pdf.js's.
 */
export function scanJpegPages(bytes: Uint8Array): { count: number; scans: Map<number, ScanJpeg> } {
  const scans = new Map<number, ScanJpeg>();
  try {
    const file = new PdfFile(bytes);
    const pages = file.pages();
    for (const [i, page] of pages.entries()) {
      const scan = file.scanOf(page);
      if (scan) scans.set(i + 1, scan);
    }
    return { count: pages.length, scans };
  } catch {
    // Unreadable, or anything this shortcut did not foresee in a damaged file: pdf.js reads it
    // (and says what is wrong with it) as if the shortcut were not there.
    return { count: 0, scans: new Map() };
  }
}

/** The page's JPEG decoded to RGBA, or undefined when it is not the JPEG the file said it is. */
export async function decodeScanJpeg(scan: ScanJpeg): Promise<Raster | undefined> {
  try {
    // pdf.js takes the pixels as the PDF's colour space says, whatever profile the JPEG carries.
    const img = sharp(scan.jpeg, { limitInputPixels: scan.width * scan.height, ignoreIcc: true });
    const meta = await img.metadata();
    if (meta.format !== 'jpeg' || meta.width !== scan.width || meta.height !== scan.height) return undefined;
    if (meta.channels !== 1 && meta.channels !== 3) return undefined;
    const { data, info } = await img
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return undefined;
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
    return { data: pixels, width: info.width, height: info.height, channels: 4 };
  } catch {
    return undefined; // a JPEG sharp cannot decode: pdf.js may still render the page
  }
}

class PdfFile {
  private readonly text: string;
  private readonly offsets = new Map<number, number>();
  private readonly cache = new Map<number, PdfObject>();

  constructor(private readonly bytes: Uint8Array) {
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (!this.text.startsWith('%PDF-')) throw new Unreadable();
    // Encrypted strings and streams are not what they say: pdf.js decrypts them.
    if (this.text.includes('/Encrypt')) throw new Unreadable();
    this.index();
  }

  /** Where each object starts, walking the file and stepping over stream data; a later
   * definition (an incremental update) replaces an earlier one. */
  private index() {
    const head = /(\d+)\s+(\d+)\s+obj\b/g;
    for (let m = head.exec(this.text); m; m = head.exec(this.text)) {
      const id = Number(m[1]);
      this.offsets.set(id, m.index);
      this.cache.delete(id);
      const end = this.readObject(id, m.index + m[0].length).end;
      head.lastIndex = end;
    }
  }

  private readObject(id: number, at: number): { obj: PdfObject; end: number } {
    const parser = new Parser(this.text, at);
    const value = parser.value(0);
    let end = parser.pos;
    let stream: Uint8Array | undefined;
    if (parser.keyword() === 'stream') {
      let start = parser.pos;
      if (this.text[start] === '\r') start++;
      if (this.text[start] === '\n') start++;
      const length = isDict(value) ? value.get('Length') : undefined;
      let stop = typeof length === 'number' ? start + length : -1;
      if (stop < start || !/^\s*endstream/.test(this.text.slice(stop, stop + 20))) {
        // An indirect or wrong /Length: the data ends before the next "endstream".
        stop = this.text.indexOf('endstream', start);
        if (stop < 0) throw new Unreadable();
        while (stop > start && /[\r\n]/.test(this.text[stop - 1]!)) stop--;
      }
      stream = this.bytes.subarray(start, stop);
      end = this.text.indexOf('endstream', stop) + 'endstream'.length;
    }
    const obj = { value, ...(stream ? { stream } : {}) };
    this.cache.set(id, obj);
    return { obj, end };
  }

  object(ref: Ref): PdfObject {
    const cached = this.cache.get(ref.ref);
    if (cached) return cached;
    const at = this.offsets.get(ref.ref);
    // Not found: packed in an object stream, or missing. Either way, pdf.js's business.
    if (at === undefined) throw new Unreadable();
    const head = /^(\d+)\s+(\d+)\s+obj\b/.exec(this.text.slice(at, at + 40));
    if (!head) throw new Unreadable();
    return this.readObject(ref.ref, at + head[0].length).obj;
  }

  /** A value with references followed. */
  resolve(v: Value | undefined, depth = 0): Value | undefined {
    if (depth > MAX_DEPTH) throw new Unreadable();
    return isRef(v) ? this.resolve(this.object(v).value, depth + 1) : v;
  }

  private dict(v: Value | undefined): Dict {
    const d = this.resolve(v);
    if (!isDict(d)) throw new Unreadable();
    return d;
  }

  /** The document's pages in order, each with what it inherits from the page tree. */
  pages(): Dict[] {
    const roots = [...this.text.matchAll(/\/Root\s+(\d+)\s+\d+\s+R/g)];
    const root = roots.at(-1);
    if (!root) throw new Unreadable();
    const catalog = this.dict({ ref: Number(root[1]) });
    const out: Dict[] = [];
    const walk = (node: Dict, inherited: Dict, depth: number) => {
      if (depth > MAX_DEPTH) throw new Unreadable();
      const here: Dict = new Map(inherited);
      for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate'])
        if (node.has(key)) here.set(key, node.get(key)!);
      const kids = this.resolve(node.get('Kids'));
      if (Array.isArray(kids)) {
        for (const kid of kids) walk(this.dict(kid), here, depth + 1);
      } else {
        for (const [k, v] of node) if (!here.has(k)) here.set(k, v);
        out.push(here);
      }
    };
    walk(this.dict(catalog.get('Pages')), new Map(), 0);
    return out;
  }

  /** The page's JPEG when the page is just that JPEG over all of it. */
  scanOf(page: Dict): ScanJpeg | undefined {
    const rotate = this.resolve(page.get('Rotate'));
    if (rotate !== undefined && rotate !== 0) return undefined;
    const box = this.box(page.get('CropBox')) ?? this.box(page.get('MediaBox'));
    if (!box) return undefined;
    const [x0, y0, x1, y1] = box;
    const draw = this.drawnImage(page);
    if (!draw) return undefined;
    if (!coversPage(draw.matrix, box)) return undefined;
    const [a, , , d] = draw.matrix;
    const resources = this.dict(page.get('Resources'));
    const xobjects = this.dict(resources.get('XObject'));
    const ref = xobjects.get(draw.name);
    if (!isRef(ref)) return undefined;
    const image = this.object(ref);
    if (!isDict(image.value) || !image.stream) return undefined;
    const jpeg = this.jpegImage(image.value);
    if (!jpeg) return undefined;
    return {
      jpeg: image.stream,
      ...jpeg,
      pointsWide: x1 - x0,
      pointsHigh: y1 - y0,
      placedWide: a,
      placedHigh: d,
    };
  }

  private box(v: Value | undefined): [number, number, number, number] | undefined {
    const r = this.resolve(v);
    if (!Array.isArray(r) || r.length !== 4) return undefined;
    const n = r.map((x) => this.resolve(x));
    if (!n.every((x) => typeof x === 'number')) return undefined;
    const [x0, y0, x1, y1] = n as number[];
    return [Math.min(x0!, x1!), Math.min(y0!, y1!), Math.max(x0!, x1!), Math.max(y0!, y1!)];
  }

  /** The one image the page's content draws, and where: `q a b c d e f cm /Name Do Q`, nothing else. */
  private drawnImage(page: Dict): { name: string; matrix: Matrix } | undefined {
    const contents = this.resolve(page.get('Contents'));
    const parts = Array.isArray(contents) ? contents : [page.get('Contents')];
    let text = '';
    for (const part of parts) {
      if (!isRef(part)) return undefined;
      const obj = this.object(part);
      if (!isDict(obj.value) || !obj.stream) return undefined;
      const data = this.decoded(obj.value, obj.stream);
      if (!data) return undefined;
      text += `${Buffer.from(data).toString('latin1')}\n`;
    }
    const tokens = text.trim().split(/\s+/);
    const inner = tokens[0] === 'q' && tokens.at(-1) === 'Q' ? tokens.slice(1, -1) : tokens;
    if (
      inner.length !== 9 ||
      inner[6] !== 'cm' ||
      inner[8] !== 'Do' ||
      !/^\/[^/[\]()<>{}%]+$/.test(inner[7]!)
    )
      return undefined;
    const matrix = inner.slice(0, 6).map(Number) as Matrix;
    if (!matrix.every(Number.isFinite)) return undefined;
    return { name: inner[7]!.slice(1), matrix };
  }

  /** A content stream's bytes: as they are, or inflated (no other filter, no predictor). */
  private decoded(dict: Dict, data: Uint8Array): Uint8Array | undefined {
    const filter = this.resolve(dict.get('Filter'));
    const filters = Array.isArray(filter) ? filter.map((f) => this.resolve(f)) : filter ? [filter] : [];
    if (dict.has('DecodeParms')) return undefined;
    if (filters.length === 0) return data;
    if (filters.length === 1 && isName(filters[0]) && filters[0].name === 'FlateDecode') {
      try {
        return inflateSync(data, { maxOutputLength: 1 << 20 });
      } catch {
        return undefined; // a content stream this size is no scan's: leave it to pdf.js
      }
    }
    return undefined;
  }

  /** An opaque 8-bit grey or RGB JPEG image's size, or undefined for any other image. */
  private jpegImage(dict: Dict): { width: number; height: number } | undefined {
    const get = (k: string) => this.resolve(dict.get(k));
    const subtype = get('Subtype');
    if (!isName(subtype) || subtype.name !== 'Image') return undefined;
    for (const k of ['SMask', 'Mask', 'Decode', 'DecodeParms', 'ImageMask', 'Alternates', 'OC'])
      if (dict.has(k)) return undefined;
    const filter = get('Filter');
    const filters = Array.isArray(filter) ? filter.map((f) => this.resolve(f)) : [filter];
    if (filters.length !== 1 || !isName(filters[0]) || filters[0].name !== 'DCTDecode') return undefined;
    if (get('BitsPerComponent') !== 8) return undefined;
    const width = get('Width');
    const height = get('Height');
    if (typeof width !== 'number' || typeof height !== 'number' || !(width > 0 && height > 0))
      return undefined;
    return this.channels(get('ColorSpace')) ? { width, height } : undefined;
  }

  /** 1 or 3 for grey or RGB (device or ICC-based), undefined for any other colour space. */
  private channels(cs: Value | undefined): number | undefined {
    if (isName(cs)) return cs.name === 'DeviceGray' ? 1 : cs.name === 'DeviceRGB' ? 3 : undefined;
    if (Array.isArray(cs) && cs.length === 2 && isName(this.resolve(cs[0]))) {
      if ((this.resolve(cs[0]) as Name).name !== 'ICCBased' || !isRef(cs[1])) return undefined;
      const profile = this.object(cs[1]).value;
      const n = isDict(profile) ? this.resolve(profile.get('N')) : undefined;
      return n === 1 || n === 3 ? n : undefined;
    }
    return undefined;
  }
}

const WHITESPACE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%]/;

/** PDF values from a position of the file's text. */
class Parser {
  constructor(
    private readonly s: string,
    public pos: number,
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
    if (depth > MAX_DEPTH) throw new Unreadable();
    this.skip();
    const c = this.s[this.pos];
    if (c === undefined) throw new Unreadable();
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
        if (!isName(key)) throw new Unreadable();
        dict.set(key.name, this.value(depth + 1));
      }
    }
    if (c === '<') {
      const end = this.s.indexOf('>', this.pos);
      if (end < 0) throw new Unreadable();
      const hex = this.s.slice(this.pos + 1, end);
      this.pos = end + 1;
      return hex;
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
    if (word === '') throw new Unreadable();
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    const n = Number(word);
    if (!Number.isFinite(n)) throw new Unreadable();
    // "12 0 R": an integer followed by another and R is a reference.
    if (Number.isInteger(n)) {
      const save = this.pos;
      const gen = this.keyword();
      if (/^\d+$/.test(gen) && this.keyword() === 'R') return { ref: n };
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
        return this.s.slice(start + 1, this.pos - 1);
      }
    }
    throw new Unreadable();
  }
}

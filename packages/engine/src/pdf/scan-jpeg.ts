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
import {
  type Dict,
  isDict,
  isName,
  isRef,
  MAX_DEPTH,
  type Name,
  nextObjectHead,
  Parser,
  type Ref,
  streamEnd,
  Unreadable,
  type Value,
} from './pdf-syntax.js';

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

interface PdfObject {
  value: Value;
  /** A stream's data, as in the file (still encoded). */
  stream?: Uint8Array;
}

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
    for (let head = nextObjectHead(this.text, 0); head; ) {
      this.offsets.set(head.num, head.at);
      this.cache.delete(head.num);
      head = nextObjectHead(this.text, this.readObject(head.num, head.end).end);
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
      // At /Length, or before the next "endstream" when that is indirect or wrong.
      const stop = streamEnd(this.text, start, isDict(value) ? value.get('Length') : undefined);
      if (stop === undefined) throw new Unreadable();
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
    const head = nextObjectHead(this.text, at);
    if (head?.at !== at) throw new Unreadable();
    return this.readObject(ref.ref, head.end).obj;
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

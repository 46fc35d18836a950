// The stream budget: before pdf.js sees a PDF (openPdf), every stream of the file is found in its
// bytes and what its filters expand it to is counted, without keeping the output
// (stream-decoders.ts), and a file whose streams expand past sane bounds is refused as
// `malformed_pdf`. pdf.js inflates a stream whole, with no limit, as soon as it needs it (the
// cross-reference and object streams when it opens the file, a page's content when it reads its
// text, an embedded file when it lists the attachments): a 2 MB upload whose content stream is
// 2 GiB of deflated zeros took a server from 0.4 to 7 GB of memory and 112 s of reading.
//
// Streams are found as pdf.js finds them: the `stream` keyword, the dictionary before it from
// the nearest "N G obj" (pdf-syntax.ts), the data from the next line on, to a plausible /Length
// or the next "endstream". A `stream` keyword whose dictionary cannot be read is still counted
// as a Flate stream when its data starts like one. Where pdf.js may take more of the file than
// this reading does (an indirect /Length it may resolve elsewhere, an unread dictionary), the
// data is decoded to its own end, which Flate, LZW, RunLength and the ASCII encodings all mark.
// Streams that may be page content are decoded in any case and their inline images counted too
// (inline-images.ts).
//
// Fast on ordinary files: the most a filter can make of its input is known (maxDecoded), so a
// stream is decoded only when that bound does not already keep it under its cap, largest first,
// and only until the bounds of the rest fit the totals (corpus: median 1-2 ms a file, at most
// under 100 ms). Hostile syntax costs it little more: the text read as objects, the data
// read by the decoders and the number of streams are bounded (a 20 MB file made to be slow to
// look at takes about a second). An encrypted file that opens without a password has its
// streams decrypted first, as pdf.js will (stream-crypt.ts); one that needs a password is left
// to pdf.js, which refuses it (`encrypted_pdf`) before reading an encrypted stream.
import { ReadError } from '../errors.js';
import {
  type InlineImage,
  InlineImageScanner,
  type InlineVerdict,
  MAX_INLINE_DATA,
} from './inline-images.js';
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
import { type EncryptDict, fileCipher, type StreamCipher, StreamDecrypter } from './stream-crypt.js';
import {
  countDecoded,
  countedFilter,
  type FilterStep,
  imageCodec,
  maxDecoded,
  zlibHeader,
} from './stream-decoders.js';

export interface StreamLimits {
  /** Decoded bytes of one stream that is not an image. */
  perStream: number;
  /** Decoded bytes of all the streams that are not images. */
  nonImageTotal: number;
  /** Decoded bytes of all streams, images included (what this check decodes at most). */
  total: number;
  /** Declared pixels of one image. */
  maxPixels: number;
  /** Streams in the file. */
  maxStreams: number;
}

/**
 * What real invoices need, with room:
 * - perStream 64 MB: the largest streams of an invoice that are not images are embedded fonts
 *   (a whole CJK font is 15-25 MB) and attachments; the Factur-X/ZUGFeRD XML is refused by the
 *   XML reader itself past 50 million characters (xml/parse.ts, "XML document is too large"),
 *   so this cap stays above that one and leaves it the say. The largest in the corpus is a
 *   1.3 MB embedded file.
 * - nonImageTotal 256 MB: all of a document's content, fonts, object streams and metadata; four
 *   times the largest single stream allowed.
 * - total 1 GB: images are allowed their declared size each (below); a hundred pages (MAX_PAGES)
 *   of A4 at 300 dpi in 8-bit grey decode to 870 MB, and colour scans that large come as JPEG
 *   (not decoded here, nor bounded by this), since Flate does not bring them under the 20 MB
 *   upload limit (the largest image in the corpus decodes to 6.5 MB). It also bounds this
 *   check's own work: about a second of inflating at worst.
 * - maxPixels 50 million: the engine's limit for an image file (DEFAULT_MAX_PIXELS in
 *   image/load.ts, not imported so that opening a PDF does not load sharp); an A4 page at 600 dpi
 *   is 35 million.
 * - maxStreams 50,000: each stream costs this check a few microseconds even when it is not
 *   decoded; an invoice has tens to a few thousand (a hundred pages with their fonts and images).
 */
export const STREAM_LIMITS: StreamLimits = {
  perStream: 64_000_000,
  nonImageTotal: 256_000_000,
  total: 1_000_000_000,
  maxPixels: 50_000_000,
  maxStreams: 50_000,
};

/**
 * The data the decoders may read in all, as a multiple of the file's size (plus 16 MB): each
 * stream's filters stop at its end-of-data mark, so an ordinary file's streams are read once.
 * Streams whose end is uncertain are read to their mark however far it is; overlapping ones
 * (a file made of stream keywords whose data runs on to the end) would be read over and over.
 */
const READ_FACTOR = 2;
const READ_EXTRA = 16_000_000;
/** The most of the file's text read as dictionaries of objects, likewise, and of one object. */
const PARSE_FACTOR = 1;
const MAX_OBJECT_TEXT = 1 << 20;

/**
 * An image may decode to its declared size (rows of width × components × bits, each with a
 * predictor's tag byte), plus a sixteenth and 64 KiB: some writers pad rows or add a trailing
 * line, and pdf.js ignores what is past the declared size (but holds it: Flate images are
 * inflated whole).
 */
const IMAGE_SLACK_FRACTION = 1 / 16;
const IMAGE_SLACK_BYTES = 64 * 1024;

const MB = (n: number) => `${Math.round(n / 1e6)} MB`;

/** Refuses a PDF whose streams expand past `limits`: `malformed_pdf` with the reason. */
export async function checkStreamBudget(bytes: Uint8Array, limits = STREAM_LIMITS): Promise<void> {
  const report = await measureStreams(bytes, limits);
  if (report.refused) throw new ReadError('malformed_pdf', report.refused);
}

export interface StreamReport {
  /** Streams found. */
  streams: number;
  /** Streams whose filters were run. */
  decodedStreams: number;
  /** Bytes those produced (up to where counting stopped). */
  decodedBytes: number;
  /** Why the file is refused, for the user; absent when it is not. */
  refused?: string;
}

interface Found {
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

interface Entry {
  start: number;
  /** Where decoding is fed to: `stop` when trusted, else the end of the file. */
  end: number;
  steps: FilterStep[];
  image: boolean;
  cap: number;
  /** The most the steps can produce (infinite when the data's end is not certain). */
  bound: number;
  counted?: number;
  /** For the message: the image's declared size. */
  size?: string;
  /** How pdf.js decrypts the data, in a file that opens without a password. */
  cipher?: StreamCipher;
  /** It may be a content stream: decoded whatever its bound, for the inline images in it. */
  content: boolean;
}

/** Counts what the streams of `bytes` decode to, and says whether that is within `limits`. */
export async function measureStreams(bytes: Uint8Array, limits = STREAM_LIMITS): Promise<StreamReport> {
  const file = new PdfText(bytes);
  const report: StreamReport = { streams: 0, decodedStreams: 0, decodedBytes: 0 };
  const entries: Entry[] = [];
  for (const found of file.streams()) {
    if (++report.streams > limits.maxStreams)
      return { ...report, refused: `the PDF has more than ${limits.maxStreams} streams` };
    const entry = file.entry(found, limits);
    if (typeof entry === 'string') return { ...report, refused: entry };
    if (entry) entries.push(entry);
  }

  let all = 0;
  let nonImage = 0;
  let read = 0;
  const readLimit = READ_FACTOR * bytes.length + READ_EXTRA;
  const estimate = (e: Entry) => e.counted ?? Math.min(e.bound, e.cap);
  let estAll = 0;
  let estNonImage = 0;
  for (const e of entries) {
    estAll += estimate(e);
    if (!e.image) estNonImage += estimate(e);
  }
  const totalsPassed = (): string | undefined => {
    if (nonImage > limits.nonImageTotal || all > limits.total) {
      const total = nonImage > limits.nonImageTotal ? limits.nonImageTotal : limits.total;
      return `the streams of the PDF expand to more than ${MB(total)} in all (a compression bomb?)`;
    }
    if (read > readLimit) return 'the streams of the PDF overlap one another';
    return undefined;
  };
  // An inline image of a content stream: counted against its declared size like an image's.
  const inline = async ({ dict, data, last }: InlineImage): Promise<InlineVerdict> => {
    const entry = file.inlineEntry(dict, data.length, limits);
    if (typeof entry === 'string') return { refused: entry };
    if (!entry) return { ended: true };
    const room = Math.min(entry.cap, limits.total - all);
    const { count, consumed } = await countDecoded(data, 0, data.length, entry.steps, room);
    read += consumed;
    all += count;
    report.decodedBytes += count;
    if (count > entry.cap)
      return {
        refused: `an inline image of the PDF (${entry.size}) expands to more than its size (a compression bomb?)`,
      };
    const refused = totalsPassed();
    if (refused) return { refused };
    if (last && consumed >= MAX_INLINE_DATA)
      return { refused: 'an inline image of the PDF is larger than 4 MB' };
    return { ended: consumed < data.length };
  };
  const decode = async (e: Entry): Promise<string | undefined> => {
    const before = estimate(e);
    const room = Math.min(e.cap, limits.total - all, e.image ? Infinity : limits.nonImageTotal - nonImage);
    // pdf.js decrypts every stream but the cross-reference streams (and the metadata when the
    // file says so): both readings are counted, the larger kept, and the decrypted one scanned.
    const scan = () => (e.content ? new InlineImageScanner(inline) : undefined);
    let { count, consumed, refused } = await countDecoded(
      bytes,
      e.start,
      e.end,
      e.steps,
      room,
      undefined,
      e.cipher ? undefined : scan(),
    );
    if (e.cipher) {
      const clear = await countDecoded(bytes, e.start, e.end, e.steps, room, e.cipher, scan());
      count = Math.max(count, clear.count);
      consumed = Math.max(consumed, clear.consumed);
      refused = clear.refused;
    }
    if (refused) return refused;
    e.counted = count;
    report.decodedStreams++;
    report.decodedBytes += count;
    read += consumed;
    all += count;
    estAll += count - before;
    if (!e.image) {
      nonImage += count;
      estNonImage += count - before;
    }
    if (count > e.cap)
      return e.image
        ? `an image of the PDF (${e.size}) expands to more than its size (a compression bomb?)`
        : `a stream of the PDF expands to more than ${MB(e.cap)} (a compression bomb?)`;
    return totalsPassed();
  };

  // Streams whose bound does not keep them under their cap, largest first (a bomb is found
  // before the ordinary streams are decoded), and content streams (for their inline images);
  // then the largest of the rest until the bounds of what is left fit the totals.
  const byBound = (a: Entry, b: Entry) => {
    const d = b.bound - a.bound;
    return Number.isNaN(d) || d === 0 ? b.end - b.start - (a.end - a.start) : d;
  };
  for (const e of entries.filter((x) => x.bound > x.cap || x.content).sort(byBound)) {
    const refused = await decode(e);
    if (refused) return { ...report, refused };
  }
  for (const e of entries.filter((x) => x.counted === undefined).sort(byBound)) {
    if (estAll <= limits.total && estNonImage <= limits.nonImageTotal) break;
    const refused = await decode(e);
    if (refused) return { ...report, refused };
  }
  return report;
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
class PdfText {
  private readonly text: string;
  /** Every "N G obj", in file order. */
  private readonly heads: { at: number; end: number; num: number; gen: number }[] = [];
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

  constructor(private readonly bytes: Uint8Array) {
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
  private readonly cipherFor?: (num: number, gen: number) => StreamCipher | undefined;

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
  private guessedFilters(at: number, start: number): { name: string; params?: Dict }[] {
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

  /** The budget of one stream, or why the file is refused. */
  entry(found: Found, limits: StreamLimits): Entry | string | undefined {
    const { dict } = found;
    let end = found.trusted ? found.stop : this.bytes.length;
    const head = found.head === undefined ? undefined : this.heads[found.head]!;
    const cipher = head && this.cipherFor?.(head.num, head.gen);
    // A dictionary this reading could not make out: counted as what it seems to be, no image.
    const filters = dict ? this.filters(dict) : this.guessedFilters(found.at, found.start);
    const image = dict !== undefined && this.isImage(dict);
    const steps: FilterStep[] = [];
    let codec: string | undefined;
    for (const { name, params } of filters) {
      codec = imageCodec(name);
      if (codec) break;
      const filter = countedFilter(name);
      // A name pdf.js does not know (Crypt among them) passes the data on as it is.
      if (!filter) continue;
      steps.push(filter === 'LZW' ? { filter, earlyChange: this.earlyChange(params) } : { filter });
    }
    let cap = limits.perStream;
    let size: string | undefined;
    if (image) {
      const declared = this.imageSize(dict!, filters);
      if (declared) {
        const pixels = declared.width * declared.height;
        size = `${declared.width} × ${declared.height} pixels`;
        if (pixels > limits.maxPixels)
          return `an image of the PDF declares ${size}, more than the ${limits.maxPixels / 1e6} megapixels read`;
        cap = Math.ceil(declared.bytes * (1 + IMAGE_SLACK_FRACTION)) + IMAGE_SLACK_BYTES;
      }
      if (codec === 'DCTDecode' && steps.length === 0) {
        const head = this.bytes.subarray(found.start, Math.min(found.stop, found.start + (1 << 20)));
        const frame = jpegFrame(cipher ? new StreamDecrypter(cipher).update(head) : head) ?? jpegFrame(head);
        if (frame && frame.width * frame.height > limits.maxPixels)
          return `an image of the PDF is a JPEG of ${frame.width} × ${frame.height} pixels, more than the ${limits.maxPixels / 1e6} megapixels read`;
      }
    } else if (codec) {
      // pdf.js would decode it with the image codec wherever it is used (a page's content, a
      // font), to whatever size the codec's own header says: no real file does that.
      return `a stream of the PDF that is not an image is encoded as one (${codec})`;
    }
    const content = !image && (dict === undefined || this.mayBeContent(dict));
    if (steps.length === 0 && !content) return undefined;
    // Data that is not decoded has no end mark of its own: content as it is in the file is
    // scanned to where this reading ends it.
    if (steps.length === 0) end = found.stop;
    const bound = found.trusted ? maxDecoded(found.stop - found.start, steps) : Infinity;
    return {
      start: found.start,
      end,
      steps,
      image: image && size !== undefined,
      cap,
      bound,
      ...(size ? { size } : {}),
      ...(cipher ? { cipher } : {}),
      content,
    };
  }

  /** What an inline image with `dict` may decode to, or why the file is refused; undefined when
   * its data is not decoded here (no filter that expands, or an image codec). */
  inlineEntry(
    dict: Dict,
    length: number,
    limits: StreamLimits,
  ): { steps: FilterStep[]; cap: number; size: string } | string | undefined {
    const filters = this.filters(dict);
    const steps: FilterStep[] = [];
    for (const { name, params } of filters) {
      if (imageCodec(name)) break;
      const filter = countedFilter(name);
      if (filter)
        steps.push(filter === 'LZW' ? { filter, earlyChange: this.earlyChange(params) } : { filter });
    }
    const declared = this.imageSize(dict, filters);
    const size = declared ? `${declared.width} × ${declared.height} pixels` : 'no size';
    if (declared && declared.width * declared.height > limits.maxPixels)
      return `an inline image of the PDF declares ${size}, more than the ${limits.maxPixels / 1e6} megapixels read`;
    if (!steps.length || !length) return undefined;
    const cap = declared
      ? Math.ceil(declared.bytes * (1 + IMAGE_SLACK_FRACTION)) + IMAGE_SLACK_BYTES
      : limits.perStream;
    return { steps, cap, size };
  }

  /** Whether a stream may hold page content (and so inline images): any but those whose type
   * says otherwise (images, fonts, ICC profiles, embedded files, metadata, object and
   * cross-reference streams, CMaps). */
  private mayBeContent(dict: Dict): boolean {
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
  private filters(dict: Dict): { name: string; params?: Dict }[] {
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

  private earlyChange(params: Dict | undefined): number {
    const v = params ? this.resolve(params.get('EarlyChange')) : undefined;
    return typeof v === 'number' ? v : 1;
  }

  /** An image XObject, a soft mask or a thumbnail: its size is declared. */
  private isImage(dict: Dict): boolean {
    const subtype = this.resolve(dict.get('Subtype'));
    const has = (a: string, b: string) => dict.has(a) || dict.has(b);
    return (isName(subtype) && subtype.name === 'Image') || (has('W', 'Width') && has('H', 'Height'));
  }

  /** The declared pixels, and bytes once decoded (rows with a predictor's tag byte). */
  private imageSize(
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

/** A JPEG's frame size from its SOF header, looked for in `data` (the start of the stream). */
function jpegFrame(data: Uint8Array): { width: number; height: number } | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) return undefined;
    const marker = data[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (data[i + 5]! << 8) | data[i + 6]!;
      const width = (data[i + 7]! << 8) | data[i + 8]!;
      return { width, height };
    }
    i += 2 + ((data[i + 2]! << 8) | data[i + 3]!);
  }
  return undefined;
}

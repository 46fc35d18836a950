// The stream budget: before pdf.js sees a PDF (openPdf), every stream of the file is found in its
// bytes and what its filters expand it to is counted, without keeping the output
// (stream-decoders.ts), and a file whose streams expand past sane bounds is refused as
// `malformed_pdf`. pdf.js inflates a stream whole, with no limit, as soon as it needs it (the
// cross-reference and object streams when it opens the file, a page's content when it reads its
// text, an embedded file when it lists the attachments): a 2 MB upload whose content stream is
// 2 GiB of deflated zeros took a server from 0.4 to 7 GB of memory and 112 s of reading.
//
// Streams are found as pdf.js finds them (pdf-objects.ts): the `stream` keyword, the dictionary
// before it from the nearest "N G obj", the data from the next line on, to a plausible /Length
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
import type { FilterStep } from './filter-decoders.js';
import {
  type InlineImage,
  InlineImageScanner,
  type InlineVerdict,
  MAX_INLINE_DATA,
} from './inline-images.js';
import { type Found, PdfText } from './pdf-objects.js';
import type { Dict } from './pdf-syntax.js';
import { type StreamCipher, StreamDecrypter } from './stream-crypt.js';
import { countDecoded, countedFilter, imageCodec, maxDecoded } from './stream-decoders.js';

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
    const entry = streamEntry(file, found, limits);
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
    const entry = inlineEntry(file, dict, data.length, limits);
    if (typeof entry === 'string') return { refused: entry };
    if (!entry) return { ended: true };
    const room = Math.min(entry.cap, limits.total - all);
    const { count, largest, consumed } = await countDecoded(data, 0, data.length, entry.steps, room);
    read += consumed;
    all += count;
    report.decodedBytes += count;
    if (largest > entry.cap)
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
    let { count, largest, consumed, refused } = await countDecoded(
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
      largest = Math.max(largest, clear.largest);
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
    if (largest > e.cap)
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

/** The budget of one stream, or why the file is refused. */
function streamEntry(file: PdfText, found: Found, limits: StreamLimits): Entry | string | undefined {
  const { dict } = found;
  let end = found.trusted ? found.stop : file.bytes.length;
  const head = found.head === undefined ? undefined : file.heads[found.head]!;
  const cipher = head && file.cipherFor?.(head.num, head.gen);
  // A dictionary this reading could not make out: counted as what it seems to be, no image.
  const filters = dict ? file.filters(dict) : file.guessedFilters(found.at, found.start);
  const image = dict !== undefined && file.isImage(dict);
  const steps: FilterStep[] = [];
  let codec: string | undefined;
  for (const { name, params } of filters) {
    codec = imageCodec(name);
    if (codec) break;
    const filter = countedFilter(name);
    // A name pdf.js does not know (Crypt among them) passes the data on as it is.
    if (!filter) continue;
    steps.push(filter === 'LZW' ? { filter, earlyChange: file.earlyChange(params) } : { filter });
  }
  let cap = limits.perStream;
  let size: string | undefined;
  if (image) {
    const declared = file.imageSize(dict!, filters);
    if (declared) {
      const pixels = declared.width * declared.height;
      size = `${declared.width} × ${declared.height} pixels`;
      if (pixels > limits.maxPixels)
        return `an image of the PDF declares ${size}, more than the ${limits.maxPixels / 1e6} megapixels read`;
      cap = Math.ceil(declared.bytes * (1 + IMAGE_SLACK_FRACTION)) + IMAGE_SLACK_BYTES;
    }
    if (codec === 'DCTDecode' && steps.length === 0) {
      const head = file.bytes.subarray(found.start, Math.min(found.stop, found.start + (1 << 20)));
      const frame = jpegFrame(cipher ? new StreamDecrypter(cipher).update(head) : head) ?? jpegFrame(head);
      if (frame && frame.width * frame.height > limits.maxPixels)
        return `an image of the PDF is a JPEG of ${frame.width} × ${frame.height} pixels, more than the ${limits.maxPixels / 1e6} megapixels read`;
    }
  } else if (codec) {
    // pdf.js would decode it with the image codec wherever it is used (a page's content, a
    // font), to whatever size the codec's own header says: no real file does that.
    return `a stream of the PDF that is not an image is encoded as one (${codec})`;
  }
  const content = !image && (dict === undefined || file.mayBeContent(dict));
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
function inlineEntry(
  file: PdfText,
  dict: Dict,
  length: number,
  limits: StreamLimits,
): { steps: FilterStep[]; cap: number; size: string } | string | undefined {
  const filters = file.filters(dict);
  const steps: FilterStep[] = [];
  for (const { name, params } of filters) {
    if (imageCodec(name)) break;
    const filter = countedFilter(name);
    if (filter) steps.push(filter === 'LZW' ? { filter, earlyChange: file.earlyChange(params) } : { filter });
  }
  const declared = file.imageSize(dict, filters);
  const size = declared ? `${declared.width} × ${declared.height} pixels` : 'no size';
  if (declared && declared.width * declared.height > limits.maxPixels)
    return `an inline image of the PDF declares ${size}, more than the ${limits.maxPixels / 1e6} megapixels read`;
  if (!steps.length || !length) return undefined;
  const cap = declared
    ? Math.ceil(declared.bytes * (1 + IMAGE_SLACK_FRACTION)) + IMAGE_SLACK_BYTES
    : limits.perStream;
  return { steps, cap, size };
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

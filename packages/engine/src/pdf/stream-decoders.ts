// Counts how many bytes a PDF stream's filters produce, without keeping them. Only the filters
// that can multiply their input are run (Flate, LZW, RunLength), with the two text encodings
// that may stand before them (ASCIIHex, ASCII85); the image codecs (DCT, JPX, JBIG2, CCITT) end
// a chain. Each decoder stops where pdf.js's stops (pdf.worker.mjs: FlateStream, LZWStream,
// RunLengthStream, Ascii85Stream, AsciiHexStream): a truncated stream counts what it produced.
// Flate is zlib's; the others are the JavaScript decoders of filter-decoders.ts.
//
// A stream is first decoded in one go with at most SMALL (1 MiB) of output per stage, which is
// what nearly every stream of an ordinary file is and costs microseconds. Past that, it is
// decoded again as a stream: the output goes through in chunks of at most CHUNK bytes, each
// dropped once counted, and decoding stops as soon as the count passes the cap it was given, so
// memory stays at a few chunks whatever the data expands to.
import { Readable } from 'node:stream';
import { constants, createInflate, inflateSync } from 'node:zlib';
import { CHUNK, type CountedFilter, type Decoder, decoderFor, type FilterStep } from './filter-decoders.js';
import type { InlineImageScanner } from './inline-images.js';
import { type StreamCipher, StreamDecrypter } from './stream-crypt.js';

const FILTER_NAMES: Record<string, CountedFilter> = {
  Fl: 'Fl',
  FlateDecode: 'Fl',
  LZW: 'LZW',
  LZWDecode: 'LZW',
  RL: 'RL',
  RunLengthDecode: 'RL',
  A85: 'A85',
  ASCII85Decode: 'A85',
  AHx: 'AHx',
  ASCIIHexDecode: 'AHx',
};

/** Image codecs: their output is the image's declared size, decoded by pdf.js on demand. */
const IMAGE_CODECS: Record<string, string> = {
  DCT: 'DCTDecode',
  DCTDecode: 'DCTDecode',
  JPX: 'JPXDecode',
  JPXDecode: 'JPXDecode',
  CCF: 'CCITTFaxDecode',
  CCITTFaxDecode: 'CCITTFaxDecode',
  JBIG2Decode: 'JBIG2Decode',
};

export const countedFilter = (name: string): CountedFilter | undefined => FILTER_NAMES[name];
export const imageCodec = (name: string): string | undefined => IMAGE_CODECS[name];

/**
 * The most a filter can make of one input byte: deflate's longest match (258 bytes) in a
 * one-bit code with a one-bit distance code, four to a byte; LZW's longest table entry (4095 -
 * 256 bytes) for a 12-bit code, once the table is full and pdf.js stops adding to it; a
 * RunLength pair (2 bytes) repeating a byte 128 times; ASCII85's "z" for four zero bytes.
 */
const MAX_RATIO: Record<CountedFilter, number> = { Fl: 1032, LZW: 2560, RL: 64, A85: 4, AHx: 1 };
/** What any filter may add at its start or end on top of its ratio (a partial block, a table). */
const MAX_EXTRA = 4096;

/**
 * The most `steps` can produce in all from `length` input bytes, every stage's output counted
 * (pdf.js keeps each stage's output whole while the next one reads it).
 */
export function maxDecoded(length: number, steps: FilterStep[]): number {
  let total = 0;
  let n = length;
  for (const step of steps) {
    n = n * MAX_RATIO[step.filter] + MAX_EXTRA;
    total += n;
  }
  return total;
}

/** Input fed to the JavaScript decoders at a time, so that one piece cannot make more than
 * LZW's 2560 × 1 KiB of output before the count is looked at. */
const JS_INPUT = 1024;
/** The output of a stage decoded in one go, at most. */
const SMALL = 1 << 20;

export interface Counted {
  /** Bytes the stages produced, every stage's counted. */
  count: number;
  /** The most bytes one stage produced (an image's data is its last stage's output: an
   * ASCII85 stage before it holds the compressed data); past the cap when counting stopped. */
  largest: number;
  /** Bytes of the data the first stage read (it stops at its end-of-data mark). */
  consumed: number;
  /** Why the file is refused, from the inline images of the output (`scan`). */
  refused?: string;
}

/**
 * How many bytes `steps` decode `bytes[start, end)` to, every stage's output counted; stops
 * once one stage's output passes `cap` (`largest` is then over `cap`). The last stage's output (the
 * data itself when there are no steps) goes through `scan`, when given, for inline images.
 */
export async function countDecoded(
  bytes: Uint8Array,
  start: number,
  end: number,
  steps: FilterStep[],
  cap: number,
  cipher?: StreamCipher,
  scan?: InlineImageScanner,
): Promise<Counted> {
  if (end <= start) return { count: 0, largest: 0, consumed: 0 };
  if (steps.length === 0) {
    if (!scan) return { count: 0, largest: 0, consumed: 0 };
    const data = bytes.subarray(start, end);
    const refused =
      (await scan.feed(cipher ? new StreamDecrypter(cipher).update(data) : data)) ?? (await scan.end());
    // Read whole: it counts against the data the check may read (overlapping streams).
    return { count: 0, largest: 0, consumed: data.length, ...(refused ? { refused } : {}) };
  }
  const quick = cipher
    ? countQuickDecrypted(bytes, start, end, steps, cipher)
    : countQuick(bytes.subarray(start, end), steps);
  // Damaged data's count is the most it can be; only where that passes the cap is the exact
  // count (what came out before the damage) worth streaming for, or its output to scan.
  if (quick && (quick.exact || quick.largest <= cap)) {
    if (!scan || quick.largest > cap) return quick;
    if (quick.output) {
      const refused = (await scan.feed(quick.output)) ?? (await scan.end());
      const { count, largest, consumed } = quick;
      return { count, largest, consumed, ...(refused ? { refused } : {}) };
    }
  }
  return countStreamed(bytes, start, end, steps, cap, cipher, scan);
}

/** countQuick of encrypted data, decrypted 64 KiB first, then four times as much until the
 * first stage stops before the end of what was decrypted (the data's end is often far). */
function countQuickDecrypted(
  bytes: Uint8Array,
  start: number,
  end: number,
  steps: FilterStep[],
  cipher: StreamCipher,
): ReturnType<typeof countQuick> {
  for (let n = 64 * 1024; ; n *= 4) {
    const stop = Math.min(end, start + n);
    const data = new StreamDecrypter(cipher).update(bytes.subarray(start, stop));
    const quick = countQuick(data, steps);
    if (!quick || stop === end || quick.consumed < data.length) return quick;
  }
}

/** pdf.js's FlateStream refuses data without a zlib header (method 8, check bits, no preset
 * dictionary): such a stream decodes to nothing. */
export function zlibHeader(data: Uint8Array): boolean {
  const cmf = data[0];
  const flg = data[1];
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && ((cmf << 8) + flg) % 31 === 0 && !(flg & 0x20);
}

/**
 * The chain decoded in one go, each stage's output at most SMALL and held for that moment;
 * undefined when a stage makes more. `exact` is false for damaged Flate data: zlib says no more
 * than that it failed, so the count is the most it can have been (under SMALL, or the size limit
 * would have stopped it first).
 */
function countQuick(
  data: Uint8Array,
  steps: FilterStep[],
): (Counted & { exact: boolean; output?: Uint8Array }) | undefined {
  let count = 0;
  let largest = 0;
  let consumed = 0;
  let input = data;
  for (const [i, step] of steps.entries()) {
    let output: Uint8Array;
    let used: number;
    if (step.filter === 'Fl') {
      if (!zlibHeader(input))
        return { count, largest, consumed: i ? consumed : Math.min(2, input.length), exact: true };
      try {
        // SYNC_FLUSH: a truncated stream gives what it decoded instead of an error.
        const r = inflateSync(input, {
          finishFlush: constants.Z_SYNC_FLUSH,
          maxOutputLength: SMALL,
          info: true,
        }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
        output = r.buffer;
        used = r.engine.bytesWritten;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
        const most = SMALL + maxDecoded(SMALL, steps.slice(i + 1));
        return {
          count: count + most,
          largest: Math.max(largest, most),
          consumed: i ? consumed : input.length,
          exact: false,
        };
      }
    } else {
      const decoder = decoderFor(step);
      const parts: Uint8Array[] = [];
      let size = 0;
      const emit = (o: Uint8Array) => {
        parts.push(o);
        size += o.length;
      };
      for (let at = 0; at < input.length && !decoder.done; at += JS_INPUT) {
        decoder.write(input.subarray(at, at + JS_INPUT), emit);
        if (size > SMALL) return undefined;
      }
      if (!decoder.done) decoder.end(emit);
      output = Buffer.concat(parts);
      used = decoder.consumed;
    }
    if (i === 0) consumed = used;
    count += output.length;
    largest = Math.max(largest, output.length);
    input = output;
  }
  return { count, largest, consumed, exact: true, output: input };
}

/** The chain decoded as a stream, in chunks counted and dropped. */
async function countStreamed(
  bytes: Uint8Array,
  start: number,
  end: number,
  steps: FilterStep[],
  cap: number,
  cipher?: StreamCipher,
  scan?: InlineImageScanner,
): Promise<Counted> {
  let count = 0;
  /** Each stage's output so far. */
  const made = steps.map(() => 0);
  const over = () => made.some((n) => n > cap);
  let refused: string | undefined;
  const meter = { consumed: 0 };
  let source: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = cipher
    ? decrypted(pieces(bytes, start, end), cipher)
    : pieces(bytes, start, end);
  for (const [i, step] of steps.entries()) {
    const first = i === 0 ? meter : undefined;
    const stage =
      step.filter === 'Fl' ? inflateStage(source, first) : jsStage(source, decoderFor(step), first);
    source = counted(stage, (n) => {
      count += n;
      made[i]! += n;
      return made[i]! <= cap;
    });
  }
  try {
    for await (const chunk of source) {
      if (over()) break;
      refused = await scan?.feed(chunk);
      if (refused) break;
    }
  } catch {
    // Damaged data past what was counted: pdf.js stops there too.
  }
  if (!refused && !over()) refused = await scan?.end();
  return { count, largest: Math.max(...made), consumed: meter.consumed, ...(refused ? { refused } : {}) };
}

/** The data of a stream, `bytes[start, end)`, in pieces. */
function* pieces(bytes: Uint8Array, start: number, end: number, size = CHUNK): Generator<Uint8Array> {
  for (let at = start; at < end; at += size) yield bytes.subarray(at, Math.min(end, at + size));
}

/** Pieces decrypted as they are pulled. */
function* decrypted(source: Iterable<Uint8Array>, cipher: StreamCipher): Generator<Uint8Array> {
  const decrypter = new StreamDecrypter(cipher);
  for (const piece of source) {
    const out = decrypter.update(piece);
    if (out.length) yield out;
  }
}

/** Passes a stage's chunks on, telling `add` their sizes; ends when `add` says so. */
async function* counted(
  source: AsyncIterable<Uint8Array>,
  add: (n: number) => boolean,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    const more = add(chunk.length);
    yield chunk;
    if (!more) return;
  }
}

/** Inflates with zlib, off the thread; output in CHUNK pieces, dropped by whoever counts them. */
async function* inflateStage(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  meter?: { consumed: number },
): AsyncGenerator<Uint8Array> {
  const inflate = createInflate({ chunkSize: CHUNK });
  const input = Readable.from(source);
  // zlib ends its output at the end of the deflate data (pdf.js's FlateStream stops there too)
  // and ignores what follows; damaged input ends it with an error, caught by the caller.
  input.on('error', (err) => inflate.destroy(err));
  input.pipe(inflate);
  try {
    for await (const chunk of inflate) yield chunk as Uint8Array;
  } finally {
    if (meter) meter.consumed = inflate.bytesWritten;
    input.unpipe(inflate);
    input.destroy();
    inflate.destroy();
  }
}

/** A JavaScript decoder's output for its input fed JS_INPUT bytes at a time. */
async function* jsStage(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  decoder: Decoder,
  meter?: { consumed: number },
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  const emit = (o: Uint8Array) => out.push(o);
  try {
    for await (const chunk of source) {
      for (const piece of pieces(chunk, 0, chunk.length, JS_INPUT)) {
        decoder.write(piece, emit);
        yield* out.splice(0);
        if (decoder.done) return;
      }
    }
    decoder.end(emit);
    yield* out.splice(0);
  } finally {
    if (meter) meter.consumed = decoder.consumed;
  }
}

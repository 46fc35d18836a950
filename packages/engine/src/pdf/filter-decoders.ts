// The decoders written here for the filters the stream budget counts in JavaScript (LZW,
// RunLength, ASCII85, ASCIIHex; Flate is left to zlib), each after pdf.js's own (pdf.worker.mjs:
// LZWStream, RunLengthStream, Ascii85Stream, AsciiHexStream) and stopping where it stops. They
// are fed their input in pieces and hand their output on in chunks of at most CHUNK bytes, so
// that what counts them (stream-decoders.ts) holds a few chunks whatever the data expands to.

/** The size of the pieces data goes through the streaming decoders in. */
export const CHUNK = 64 * 1024;

/** The filters counted, by pdf.js's short names. */
export type CountedFilter = 'Fl' | 'LZW' | 'RL' | 'A85' | 'AHx';

export interface FilterStep {
  filter: CountedFilter;
  /** LZW's /EarlyChange (pdf.js's default 1). */
  earlyChange?: number;
}

/** A decoder fed its input in pieces, handing its output on in pieces of at most CHUNK bytes. */
export interface Decoder {
  write(input: Uint8Array, emit: (out: Uint8Array) => void): void;
  /** The input is over (no end-of-data mark was seen). */
  end(emit: (out: Uint8Array) => void): void;
  /** The end-of-data mark was seen: no more input is read. */
  readonly done: boolean;
  /** Input bytes read so far. */
  readonly consumed: number;
}

export function decoderFor(step: FilterStep): Decoder {
  switch (step.filter) {
    case 'LZW':
      return new LzwDecoder(step.earlyChange ?? 1);
    case 'RL':
      return new RunLengthDecoder();
    case 'A85':
      return new Ascii85Decoder();
    case 'AHx':
      return new AsciiHexDecoder();
    case 'Fl':
      throw new Error('Flate is decoded by zlib');
  }
}

/** Output gathered in a CHUNK-sized buffer, handed on when full. */
class Output {
  private readonly buf = new Uint8Array(CHUNK);
  private len = 0;

  push(byte: number, emit: (out: Uint8Array) => void) {
    this.buf[this.len++] = byte;
    if (this.len === CHUNK) this.flush(emit);
  }

  /** The first `length` bytes of `bytes`. */
  append(bytes: Uint8Array, length: number, emit: (out: Uint8Array) => void) {
    for (let at = 0; at < length; ) {
      const n = Math.min(length - at, CHUNK - this.len);
      this.buf.set(bytes.subarray(at, at + n), this.len);
      this.len += n;
      at += n;
      if (this.len === CHUNK) this.flush(emit);
    }
  }

  /** `count` copies of `byte`. */
  fill(byte: number, count: number, emit: (out: Uint8Array) => void) {
    while (count > 0) {
      const n = Math.min(count, CHUNK - this.len);
      this.buf.fill(byte, this.len, this.len + n);
      this.len += n;
      count -= n;
      if (this.len === CHUNK) this.flush(emit);
    }
  }

  flush(emit: (out: Uint8Array) => void) {
    if (!this.len) return;
    emit(this.buf.slice(0, this.len));
    this.len = 0;
  }
}

/** pdf.js's LZWStream: 9-12-bit codes, 256 clears the table, 257 ends; a code past the table
 * repeats the last sequence and its first byte (as pdf.js takes any such code). */
class LzwDecoder implements Decoder {
  done = false;
  consumed = 0;
  private readonly out = new Output();
  private readonly values = new Uint8Array(4096);
  private readonly lengths = new Uint16Array(4096);
  private readonly prevCodes = new Uint16Array(4096);
  private readonly sequence = new Uint8Array(4096);
  private sequenceLength = 0;
  private nextCode = 258;
  private codeLength = 9;
  private prevCode = 0;
  private cached = 0;
  private bitsCached = 0;

  constructor(private readonly earlyChange: number) {
    for (let i = 0; i < 256; i++) {
      this.values[i] = i;
      this.lengths[i] = 1;
    }
  }

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    for (const byte of input) {
      if (this.done) break;
      this.consumed++;
      this.cached = ((this.cached << 8) | byte) & 0xffffff;
      this.bitsCached += 8;
      while (!this.done && this.bitsCached >= this.codeLength) {
        this.bitsCached -= this.codeLength;
        this.code((this.cached >>> this.bitsCached) & ((1 << this.codeLength) - 1), emit);
      }
    }
    this.out.flush(emit);
  }

  end(emit: (out: Uint8Array) => void) {
    this.out.flush(emit);
  }

  private code(code: number, emit: (out: Uint8Array) => void) {
    const seq = this.sequence;
    const hasPrev = this.sequenceLength > 0;
    if (code < 256) {
      seq[0] = code;
      this.sequenceLength = 1;
    } else if (code >= 258) {
      if (code < this.nextCode) {
        this.sequenceLength = this.lengths[code]!;
        for (let j = this.sequenceLength - 1, q = code; j >= 0; j--) {
          seq[j] = this.values[q]!;
          q = this.prevCodes[q]!;
        }
      } else {
        seq[this.sequenceLength++] = seq[0]!;
      }
    } else if (code === 256) {
      this.codeLength = 9;
      this.nextCode = 258;
      this.sequenceLength = 0;
      return;
    } else {
      this.done = true;
      return;
    }
    if (hasPrev) {
      // Past 4095 pdf.js's typed arrays drop the entry: so do these.
      if (this.nextCode < 4096) {
        this.prevCodes[this.nextCode] = this.prevCode;
        this.lengths[this.nextCode] = this.lengths[this.prevCode]! + 1;
        this.values[this.nextCode] = seq[0]!;
      }
      this.nextCode++;
      const n = this.nextCode + this.earlyChange;
      if (!(n & (n - 1))) this.codeLength = Math.min((Math.log(n) / Math.LN2 + 1) | 0, 12);
    }
    this.prevCode = code;
    this.out.append(seq, Math.min(this.sequenceLength, seq.length), emit);
  }
}

/** pdf.js's RunLengthStream: n < 128 copies n + 1 bytes, n > 128 repeats one 257 - n times. */
class RunLengthDecoder implements Decoder {
  done = false;
  consumed = 0;
  private readonly out = new Output();
  /** The length byte of the run being read, or -1 between runs. */
  private header = -1;
  /** Bytes still to copy of a literal run. */
  private copy = 0;

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    for (const byte of input) {
      if (this.done) break;
      this.consumed++;
      if (this.copy > 0) {
        this.out.push(byte, emit);
        this.copy--;
      } else if (this.header < 0) {
        if (byte === 128) this.done = true;
        else this.header = byte;
      } else if (this.header < 128) {
        this.out.push(byte, emit);
        this.copy = this.header;
        this.header = -1;
      } else {
        this.out.fill(byte, 257 - this.header, emit);
        this.header = -1;
      }
    }
    this.out.flush(emit);
  }

  end(emit: (out: Uint8Array) => void) {
    this.out.flush(emit);
  }
}

const isPdfWhiteSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x0c;

/** pdf.js's Ascii85Stream: groups of five characters, "z" for four zeros, "~" ends. */
class Ascii85Decoder implements Decoder {
  done = false;
  consumed = 0;
  private readonly out = new Output();
  private readonly group: number[] = [];

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    for (const c of input) {
      if (this.done) break;
      this.consumed++;
      if (isPdfWhiteSpace(c)) continue;
      if (c === 0x7e) {
        this.finish(emit);
        break;
      }
      if (c === 0x7a && this.group.length === 0) {
        this.out.fill(0, 4, emit);
        continue;
      }
      this.group.push(c);
      if (this.group.length === 5) this.emitGroup(4, emit);
    }
    this.out.flush(emit);
  }

  end(emit: (out: Uint8Array) => void) {
    this.finish(emit);
    this.out.flush(emit);
  }

  private finish(emit: (out: Uint8Array) => void) {
    this.done = true;
    const n = this.group.length;
    if (n === 0) return;
    while (this.group.length < 5) this.group.push(0x21 + 84);
    this.emitGroup(n - 1, emit);
  }

  private emitGroup(bytes: number, emit: (out: Uint8Array) => void) {
    let t = 0;
    for (const c of this.group) t = t * 85 + (c - 0x21);
    this.group.length = 0;
    for (let i = 0; i < bytes; i++) this.out.push((t >>> (24 - 8 * i)) & 0xff, emit);
  }
}

/** pdf.js's AsciiHexStream: pairs of hex digits, anything else skipped, ">" ends. */
class AsciiHexDecoder implements Decoder {
  done = false;
  consumed = 0;
  private readonly out = new Output();
  private first = -1;

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    for (const c of input) {
      if (this.done) break;
      this.consumed++;
      let digit: number;
      if (c >= 0x30 && c <= 0x39) digit = c & 0x0f;
      else if ((c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)) digit = (c & 0x0f) + 9;
      else if (c === 0x3e) {
        this.done = true;
        break;
      } else continue;
      if (this.first < 0) this.first = digit;
      else {
        this.out.push((this.first << 4) | digit, emit);
        this.first = -1;
      }
    }
    if (this.done && this.first >= 0) {
      this.out.push(this.first << 4, emit);
      this.first = -1;
    }
    this.out.flush(emit);
  }

  end(emit: (out: Uint8Array) => void) {
    this.out.flush(emit);
  }
}

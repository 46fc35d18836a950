// Builders for the tests of the PDF stream budget and of what the filters decode to: zeros
// deflated without holding them, LZW as pdf.js reads it, a one-page PDF with chosen streams, and
// the text pdf.js reads off its page.
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { openPdf } from '../pdf/open.js';
import { PdfWriter } from './pdf-builder.js';

export const MB = 1_000_000;

/** `size` zero bytes deflated, streamed through zlib so the test never holds them. */
export async function deflatedZeros(size: number, raw = false): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const zeros = Buffer.alloc(1 << 20);
  for (let n = 0; n < size; n += zeros.length) {
    const piece = size - n < zeros.length ? zeros.subarray(0, size - n) : zeros;
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  const zlib = Buffer.concat(out);
  // The raw deflate data: without the 2-byte zlib header and the 4-byte checksum.
  return raw ? zlib.subarray(2, zlib.length - 4) : zlib;
}

export interface StreamSpec {
  dict: string;
  data: Uint8Array;
}

/**
 * A one-page PDF drawing text in Helvetica; the page's content is `content` (plain text by
 * default), and `extra` streams are written as objects of their own (an image is drawn as /Im1
 * when `image` is given).
 */
export function pdfWith(
  opts: { content?: StreamSpec; image?: StreamSpec; extra?: StreamSpec[] } = {},
): Uint8Array {
  const w = new PdfWriter();
  w.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const [catalog, pages, font, page, content] = [1, 2, 3, 4, 5].map(() => w.reserve()) as number[];
  const image = opts.image ? w.reserve() : undefined;
  w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  w.object(font!, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const xobject = image ? ` /XObject << /Im1 ${image} 0 R >>` : '';
  w.object(
    page!,
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >>${xobject} >> /Contents ${content} 0 R >>`,
  );
  const text = 'BT /F1 12 Tf 72 770 Td (Rechnung Nr. RE-7) Tj ET\n';
  const body = opts.content ?? { dict: '', data: new Uint8Array(Buffer.from(text, 'latin1')) };
  w.stream(content!, body.dict, body.data);
  if (image && opts.image)
    w.stream(image, `/Type /XObject /Subtype /Image ${opts.image.dict}`, opts.image.data);
  for (const s of opts.extra ?? []) w.stream(w.reserve(), s.dict, s.data);
  return w.finish(`/Root ${catalog} 0 R`);
}

/** LZW as pdf.js decodes it (EarlyChange 1): codes written at the width the decoder reads. */
export class LzwWriter {
  private bits = 0;
  private nbits = 0;
  private readonly out: number[] = [];
  private nextCode = 258;
  private width = 9;
  private hasPrev = false;

  code(code: number) {
    this.bits = (this.bits << this.width) | code;
    this.nbits += this.width;
    while (this.nbits >= 8) {
      this.nbits -= 8;
      this.out.push((this.bits >>> this.nbits) & 255);
    }
    this.bits &= (1 << this.nbits) - 1;
    if (code === 256) {
      this.nextCode = 258;
      this.width = 9;
      this.hasPrev = false;
      return;
    }
    if (this.hasPrev) {
      this.nextCode++;
      const n = this.nextCode + 1;
      if (!(n & (n - 1))) this.width = Math.min((Math.log2(n) + 1) | 0, 12);
    }
    this.hasPrev = true;
  }

  get tableSize() {
    return this.nextCode;
  }

  finish(): Uint8Array {
    this.code(257);
    if (this.nbits) this.out.push((this.bits << (8 - this.nbits)) & 255);
    return new Uint8Array(this.out);
  }
}

/** An ordinary LZW encoding of `data` (the table cleared before it fills). */
export function lzw(data: Uint8Array): Uint8Array {
  const w = new LzwWriter();
  let table = new Map<string, number>();
  let next = 258;
  let current = '';
  for (const byte of data) {
    const c = String.fromCharCode(byte);
    if (current && table.has(current + c)) {
      current += c;
      continue;
    }
    if (current) {
      w.code(current.length === 1 ? current.charCodeAt(0) : table.get(current)!);
      table.set(current + c, next++);
      if (next >= 4000) {
        w.code(256);
        table = new Map();
        next = 258;
      }
    }
    current = c;
  }
  if (current) w.code(current.length === 1 ? current.charCodeAt(0) : table.get(current)!);
  return w.finish();
}

export const pageText = async (bytes: Uint8Array) => {
  const doc = await openPdf(bytes);
  const page = await doc.getPage(1);
  const items = (await page.getTextContent()).items as { str: string }[];
  await doc.destroy();
  return items.map((i) => i.str).join(' ');
};

// A tiny, dependency-free PDF 1.7 writer for tests: a catalog, N pages each drawing a line of
// text in Helvetica, optionally embedded files in an EmbeddedFiles name tree (sorted and flat as
// the spec wants, or unsorted in /Kids with wrong /Limits as broken producers write it), and
// optionally a standard security handler whose password nobody knows. The cross-reference table
// is exact, so a strict reader opens the file without reconstructing anything.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export interface PdfAttachment {
  name: string;
  content: Uint8Array | string;
}

export interface BuildPdfOptions {
  /** Number of pages (at least one is always written). */
  pages?: number;
  /** Drawn on every page; `\n` starts a new line. Defaults to `Page <n>`. */
  text?: string;
  attachments?: PdfAttachment[];
  /**
   * Writes the EmbeddedFiles name tree in reverse alphabetical order (the spec requires sorted
   * keys) and, with two or more attachments, split over two /Kids leaves with wrong /Limits.
   */
  unsortedNames?: boolean;
  /**
   * Splits the name tree over two /Kids leaves (with correct /Limits unless `unsortedNames`).
   * Defaults to `unsortedNames`; needs two or more attachments.
   */
  kids?: boolean;
  /** Adds a /Standard security handler (V1 R2) with random /O and /U and a trailer /ID. */
  encrypt?: boolean;
  /** FlateDecode-compresses the page content and the embedded files. */
  compress?: boolean;
  /** Phrases set at their place on the first page instead of `text` there (10 pt type; left
   * edge and top in page fractions, from the top left): a laid-out page such as an item table. */
  placed?: PlacedText[];
}

export interface PlacedText {
  text: string;
  x: number;
  y: number;
}

type Chunk = string | Uint8Array;

/** Writes `buildPdf`'s objects and keeps their byte offsets for the xref table. */
export class PdfWriter {
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private readonly offsets: number[] = [];
  private nextId = 1;

  /** Reserves an object number, for objects that refer to each other. */
  reserve(): number {
    return this.nextId++;
  }

  write(chunk: Chunk): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
    this.chunks.push(buf);
    this.length += buf.length;
  }

  object(id: number, body: string): void {
    this.offsets[id] = this.length;
    this.write(`${id} 0 obj\n${body}\nendobj\n`);
  }

  stream(id: number, dict: string, data: Uint8Array): void {
    this.offsets[id] = this.length;
    this.write(`${id} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`);
    this.write(data);
    this.write('\nendstream\nendobj\n');
  }

  finish(trailer: string): Uint8Array {
    const size = this.nextId;
    for (let id = 1; id < size; id++) {
      if (this.offsets[id] === undefined) throw new Error(`pdf-builder: object ${id} was never written`);
    }
    const xrefAt = this.length;
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let id = 1; id < size; id++) xref += `${String(this.offsets[id]).padStart(10, '0')} 00000 n \n`;
    this.write(xref);
    this.write(`trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`);
    const out = Buffer.concat(this.chunks);
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  }
}

/** A PDF text string: a literal for printable ASCII, else UTF-16BE with a byte-order mark. */
export function pdfString(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = 'FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

const toBytes = (content: Uint8Array | string): Uint8Array =>
  typeof content === 'string' ? new Uint8Array(Buffer.from(content, 'utf8')) : content;

const ascending = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function buildPdf(options: BuildPdfOptions = {}): Uint8Array {
  const pageCount = Math.max(1, Math.floor(options.pages ?? 1));
  const attachments = options.attachments ?? [];
  const compress = options.compress ?? false;
  const w = new PdfWriter();
  w.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');

  const catalogId = w.reserve();
  const pagesId = w.reserve();
  const fontId = w.reserve();
  const pageIds = Array.from({ length: pageCount }, () => ({ page: w.reserve(), content: w.reserve() }));

  let namesEntry = '';
  if (attachments.length) {
    const entries = attachments.map((a) => {
      const streamId = w.reserve();
      const specId = w.reserve();
      return { name: a.name, content: toBytes(a.content), streamId, specId };
    });
    const ordered = [...entries].sort((a, b) => ascending(a.name, b.name));
    if (options.unsortedNames) ordered.reverse();
    const pairs = (list: typeof ordered) => list.map((e) => `${pdfString(e.name)} ${e.specId} 0 R`).join(' ');

    const rootId = w.reserve();
    const useKids = (options.kids ?? options.unsortedNames ?? false) && ordered.length >= 2;
    if (useKids) {
      const half = Math.ceil(ordered.length / 2);
      const leaves = [ordered.slice(0, half), ordered.slice(half)].map((list) => ({ list, id: w.reserve() }));
      w.object(rootId, `<< /Kids [${leaves.map((l) => `${l.id} 0 R`).join(' ')}] >>`);
      for (const [i, leaf] of leaves.entries()) {
        const names = leaf.list.map((e) => e.name);
        // Correct limits are the leaf's least and greatest key; the broken variant gives each
        // leaf the other leaf's keys, back to front.
        const other = leaves[1 - i]!.list.map((e) => e.name);
        const [lo, hi] = options.unsortedNames
          ? [other[other.length - 1]!, other[0]!]
          : [[...names].sort(ascending)[0]!, [...names].sort(ascending)[names.length - 1]!];
        w.object(leaf.id, `<< /Names [${pairs(leaf.list)}] /Limits [${pdfString(lo)} ${pdfString(hi)}] >>`);
      }
    } else {
      w.object(rootId, `<< /Names [${pairs(ordered)}] >>`);
    }
    namesEntry = ` /Names << /EmbeddedFiles ${rootId} 0 R >>`;

    for (const e of entries) {
      const data = compress ? new Uint8Array(deflateSync(e.content)) : e.content;
      w.stream(
        e.streamId,
        `/Type /EmbeddedFile${compress ? ' /Filter /FlateDecode' : ''} /Params << /Size ${e.content.length} >>`,
        data,
      );
      const name = pdfString(e.name);
      w.object(
        e.specId,
        `<< /Type /Filespec /F ${name} /UF ${name} /EF << /F ${e.streamId} 0 R >> /AFRelationship /Data >>`,
      );
    }
  }

  w.object(catalogId, `<< /Type /Catalog /Pages ${pagesId} 0 R${namesEntry} >>`);
  w.object(
    pagesId,
    `<< /Type /Pages /Kids [${pageIds.map((p) => `${p.page} 0 R`).join(' ')}] /Count ${pageCount} >>`,
  );
  w.object(fontId, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (const [i, ids] of pageIds.entries()) {
    const lines = (options.text ?? `Page ${i + 1}`).split('\n');
    const ascii = (t: string) => pdfString(t.replace(/[^\x20-\x7e]/g, '?'));
    const shown = lines.map((l) => `${ascii(l)} Tj`).join(' T* ');
    const placed = i === 0 ? options.placed : undefined;
    const content = Buffer.from(
      placed
        ? placed
            .map(
              (p) =>
                `BT /F1 10 Tf 1 0 0 1 ${(p.x * 595).toFixed(2)} ${((1 - p.y) * 842 - 10).toFixed(2)} Tm ${ascii(p.text)} Tj ET`,
            )
            .join('\n')
        : `BT /F1 12 Tf 14 TL 72 770 Td ${shown} ET\n`,
      'latin1',
    );
    w.stream(
      ids.content,
      compress ? '/Filter /FlateDecode' : '',
      compress ? new Uint8Array(deflateSync(content)) : new Uint8Array(content),
    );
    w.object(
      ids.page,
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${ids.content} 0 R >>`,
    );
  }

  let trailer = `/Root ${catalogId} 0 R`;
  if (options.encrypt) {
    const encryptId = w.reserve();
    const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();
    w.object(encryptId, `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -4 >>`);
    const id = hex(16);
    trailer += ` /Encrypt ${encryptId} 0 R /ID [<${id}> <${id}>]`;
  }
  return w.finish(trailer);
}

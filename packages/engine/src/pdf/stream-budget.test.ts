// The stream budget (stream-budget.ts): compression bombs built here, small enough to be quick,
// are refused by openPdf (and so by every read) as malformed_pdf before pdf.js inflates them;
// ordinary files and images within their declared size pass. What the filters decode to:
// stream-decoders.test.ts.
import { createCipheriv, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readInvoice } from '../read-invoice.js';
import { encryptedPdf, md5, PAD, rc4 } from '../test-support/encrypted-pdf.js';
import { buildPdf, PdfWriter } from '../test-support/pdf-builder.js';
import { deflatedZeros, LzwWriter, MB, pageText, pdfWith } from '../test-support/pdf-streams.js';
import { CII_D16B } from '../test-support/samples.js';
import { openPdf } from './open.js';
import { measureStreams, STREAM_LIMITS } from './stream-budget.js';
import { hash2B } from './stream-crypt.js';

const refusedAsBomb = async (bytes: Uint8Array, message: RegExp = /compression bomb/) => {
  const err = await openPdf(bytes).then(
    async (doc) => {
      await doc.destroy();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(err).toMatchObject({
    name: 'ReadError',
    code: 'malformed_pdf',
    message: expect.stringMatching(message),
  });
};

const opens = async (bytes: Uint8Array) => {
  const doc = await openPdf(bytes);
  const pages = doc.numPages;
  await doc.destroy();
  return pages;
};

/** Bytes in ASCII85 (without its end mark), four bytes to five characters, "z" for four zeros. */
function ascii85(b: Buffer): string {
  let out = '';
  for (let i = 0; i < b.length; i += 4) {
    const chunk = Buffer.alloc(4);
    b.copy(chunk, 0, i, Math.min(i + 4, b.length));
    const n = chunk.readUInt32BE(0);
    const size = Math.min(4, b.length - i);
    if (n === 0 && size === 4) {
      out += 'z';
      continue;
    }
    let v = n;
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, size + 1).join('');
  }
  return out;
}

/** An LZW bomb: each code the one being defined (a run of zeros one longer each time), then the
 * longest entry again and again: about `size` zero bytes from size / 2500 bytes. */
function lzwBomb(size: number): Uint8Array {
  const w = new LzwWriter();
  w.code(0);
  let produced = 1;
  let length = 1;
  while (w.tableSize < 4096) {
    w.code(w.tableSize);
    produced += ++length;
  }
  while (produced < size) {
    w.code(4095);
    produced += length;
  }
  return w.finish();
}

/**
 * A one-page PDF encrypted with the standard security handler and an empty user password (it
 * opens without one, as pdf.js reads it): RC4 with a 40-bit key (revision 2) or AES-256
 * (revision 6). Its page content is `content`, deflated when `deflate`.
 */
function openEncryptedPdf(kind: 'rc4' | 'aes256', content: Uint8Array, dict: string): Uint8Array {
  const id = randomBytes(16);
  let encrypt: string;
  let encryptStream: (num: number, data: Uint8Array) => Uint8Array;
  if (kind === 'rc4') {
    const o = rc4(md5(PAD).subarray(0, 5), PAD);
    const key = md5(PAD, o, Buffer.from([0xfc, 0xff, 0xff, 0xff]), id).subarray(0, 5);
    encrypt = `/V 1 /R 2 /O <${o.toString('hex')}> /U <${rc4(key, PAD).toString('hex')}> /P -4`;
    encryptStream = (num, data) => rc4(md5(key, Buffer.from([num, 0, 0, 0, 0])).subarray(0, 10), data);
  } else {
    const fileKey = randomBytes(32);
    const [validation, keySalt] = [randomBytes(8), randomBytes(8)];
    const u = Buffer.concat([hash2B(validation), validation, keySalt]);
    const wrap = createCipheriv('aes-256-cbc', hash2B(keySalt), Buffer.alloc(16)).setAutoPadding(false);
    const ue = Buffer.concat([wrap.update(fileKey), wrap.final()]);
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    encrypt = `/V 5 /R 6 /Length 256 /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >> /StmF /StdCF /StrF /StdCF /O <${hex(randomBytes(48))}> /U <${hex(u)}> /OE <${hex(randomBytes(32))}> /UE <${hex(ue)}> /Perms <${hex(randomBytes(16))}> /P -4`;
    encryptStream = (_, data) => {
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
      return Buffer.concat([iv, cipher.update(data), cipher.final()]);
    };
  }
  const w = new PdfWriter();
  w.write('%PDF-1.7\n');
  const [catalog, pages, font, page, contents, encryptId] = [1, 2, 3, 4, 5, 6].map(() =>
    w.reserve(),
  ) as number[];
  w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  w.object(font!, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  w.object(
    page!,
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`,
  );
  w.stream(contents!, dict, new Uint8Array(encryptStream(contents!, content)));
  w.object(encryptId!, `<< /Filter /Standard ${encrypt} >>`);
  const hexId = id.toString('hex');
  return w.finish(`/Root ${catalog} 0 R /Encrypt ${encryptId} 0 R /ID [<${hexId}> <${hexId}>]`);
}

let bomb100: Uint8Array;
beforeAll(async () => {
  bomb100 = await deflatedZeros(100 * MB);
}, 60_000);

describe('openPdf: the stream budget', () => {
  it('refuses a page content stream of 100 MB of deflated zeros', async () => {
    expect(bomb100.length).toBeLessThan(200_000);
    await refusedAsBomb(pdfWith({ content: { dict: '/Filter /FlateDecode', data: bomb100 } }));
  });

  it('refuses it through readInvoice as malformed_pdf, with the reason', async () => {
    const bytes = pdfWith({ content: { dict: '/Filter /FlateDecode', data: bomb100 } });
    const r = await readInvoice(bytes, { country: 'de', today: '2025-01-01' });
    expect(r).toMatchObject({ status: 'failed', error: 'malformed_pdf', file_type: 'pdf' });
    expect(r.message).toMatch(/expands to more than 64 MB \(a compression bomb\?\)/);
  });

  it('refuses a bomb in an embedded file (the Factur-X attachment)', async () => {
    const bytes = pdfWith({
      extra: [{ dict: '/Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode', data: bomb100 }],
    });
    await refusedAsBomb(bytes);
  });

  it('refuses a bomb under an indirect /Length that two definitions make uncertain', async () => {
    // The data holds "endstream" in a stored block before the bomb: read to the first
    // "endstream", the stream would be 200 bytes of nothing.
    const fake = Buffer.from('\nendstream\nendobj\n', 'latin1');
    const stored = Buffer.concat([Buffer.from([0, fake.length, 0, ~fake.length & 255, 0xff]), fake]);
    const data = Buffer.concat([
      Buffer.from([0x78, 0xda]),
      stored,
      await deflatedZeros(100 * MB, true),
      Buffer.alloc(4),
    ]);
    const w = new PdfWriter();
    w.write('%PDF-1.7\n');
    const [catalog, pages, page, content, length] = [1, 2, 3, 4, 5].map(() => w.reserve()) as number[];
    w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
    w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
    w.object(
      page!,
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R >>`,
    );
    const latin1 = data.toString('latin1');
    w.object(content!, `<< /Filter /FlateDecode /Length ${length} 0 R >>\nstream\n${latin1}\nendstream`);
    w.object(length!, String(data.length));
    // A second definition of the length, where the cross-reference table does not point.
    w.write(`${length} 0 obj\n7\nendobj\n`);
    await refusedAsBomb(w.finish(`/Root ${catalog} 0 R`));
  });

  it('refuses a bomb whose dictionary this reading cannot parse', async () => {
    // "1.2.3" is no number to the parser of pdf-syntax.ts (pdf.js reads on past it).
    await refusedAsBomb(pdfWith({ content: { dict: '/Filter /FlateDecode /Junk 1.2.3', data: bomb100 } }));
  });

  it('refuses a bomb behind an ASCIIHex encoding ([/AHx /Fl])', async () => {
    const hex = new Uint8Array(Buffer.from(`${Buffer.from(bomb100).toString('hex')}>`, 'latin1'));
    await refusedAsBomb(pdfWith({ content: { dict: '/Filter [/AHx /Fl]', data: hex } }));
  });

  it('refuses streams each under the cap but over the total together', async () => {
    const sixty = await deflatedZeros(60 * MB);
    const extra = Array.from({ length: 5 }, () => ({ dict: '/Filter /FlateDecode', data: sixty }));
    await refusedAsBomb(pdfWith({ extra }), /more than 256 MB in all/);
  });

  it('refuses an LZW bomb', async () => {
    const data = lzwBomb(100 * MB);
    expect(data.length).toBeLessThan(100_000);
    await refusedAsBomb(pdfWith({ content: { dict: '/Filter /LZWDecode', data } }));
  });

  it('refuses a RunLength bomb', async () => {
    // Each pair repeats a zero byte 128 times.
    const data = new Uint8Array(Math.ceil((100 * MB) / 128) * 2 + 1);
    for (let i = 0; i < data.length - 1; i += 2) data[i] = 129;
    data[data.length - 1] = 128;
    await refusedAsBomb(pdfWith({ content: { dict: '/Filter /RunLengthDecode', data } }));
  });

  it('refuses an image whose data expands beyond its declared size', async () => {
    // 100 × 100 grey pixels are 10 KB; the data is 8 MB.
    const data = await deflatedZeros(8 * MB);
    const dict = '/Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode';
    await refusedAsBomb(pdfWith({ image: { dict, data } }), /image of the PDF \(100 × 100 pixels\)/);
  });

  it('refuses an image declaring more pixels than the engine reads', async () => {
    const dict =
      '/Width 30000 /Height 30000 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode';
    const data = new Uint8Array(deflateSync(Buffer.alloc(1000)));
    await refusedAsBomb(
      pdfWith({ image: { dict, data } }),
      /30000 × 30000 pixels, more than the 50 megapixels/,
    );
  });

  it('refuses a JPEG image whose frame header claims more pixels than the engine reads', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    for (let i = 2; i < jpeg.length - 8; i += 2 + jpeg.readUInt16BE(i + 2)) {
      if (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2) {
        jpeg.writeUInt16BE(60_000, i + 5);
        jpeg.writeUInt16BE(60_000, i + 7);
        break;
      }
    }
    const dict = '/Width 16 /Height 16 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode';
    await refusedAsBomb(pdfWith({ image: { dict, data: jpeg } }), /JPEG of 60000 × 60000 pixels/);
  });

  it('refuses a page content encoded with an image codec', async () => {
    const data = new Uint8Array(16);
    const dict = '/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 8192 >>';
    await refusedAsBomb(
      pdfWith({ content: { dict, data } }),
      /not an image is encoded as one \(CCITTFaxDecode\)/,
    );
  });

  it('refuses a file of more streams than the check looks at', async () => {
    const parts = ['%PDF-1.7\n'];
    for (let i = 1; i <= STREAM_LIMITS.maxStreams + 1; i++)
      parts.push(`${i} 0 obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj\n`);
    await refusedAsBomb(new Uint8Array(Buffer.from(parts.join(''), 'latin1')), /more than 50000 streams/);
  });

  it('refuses streams whose data overlap, each read on to the end of the file', async () => {
    // `stream` keywords without a dictionary, each followed by a zlib header and then by the
    // stored deflate blocks that hold the next ones: every stream's data runs to the end.
    const block = (content: Buffer, final = false) =>
      Buffer.concat([
        Buffer.from([final ? 1 : 0, content.length & 255, content.length >> 8]),
        Buffer.from([~content.length & 255, (~content.length >> 8) & 255]),
        content,
      ]);
    const keyword = Buffer.from('\nstream\n\x78\x01', 'latin1');
    const blocks = Array.from({ length: 3000 }, () => block(keyword));
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      keyword,
      ...blocks,
      block(Buffer.alloc(0), true),
    ]);
    await refusedAsBomb(new Uint8Array(bytes), /overlap/);
  });

  it.each([
    ['as it is', false],
    ['deflated, 2 MB of it before the image', true],
  ])('refuses an inline image that expands beyond its declared size (content %s)', async (_, big) => {
    // 10 × 10 grey pixels are 100 bytes; the data is 8 MB.
    const head = Buffer.from(
      `${big ? 'q Q\n'.repeat(500_000) : ''}q 100 0 0 100 72 600 cm\nBI /W 10 /H 10 /BPC 8 /CS /G /F /Fl ID `,
    );
    const content = Buffer.concat([head, await deflatedZeros(8 * MB), Buffer.from('\nEI Q\n')]);
    const data = big ? new Uint8Array(deflateSync(content)) : new Uint8Array(content);
    await refusedAsBomb(
      pdfWith({ content: { dict: big ? '/Filter /FlateDecode' : '', data } }),
      /inline image of the PDF \(10 × 10 pixels\)/,
    );
  });

  it('opens an inline image within its declared size, which pdf.js decodes', async () => {
    const pixels = new Uint8Array(deflateSync(Buffer.alloc(100, 0x80)));
    const content = Buffer.concat([
      Buffer.from('q 100 0 0 100 72 600 cm\nBI /W 10 /H 10 /BPC 8 /CS /G /F /Fl ID '),
      pixels,
      Buffer.from('\nEI Q\nBT /F1 12 Tf 72 770 Td (Rechnung Nr. RE-7) Tj ET\n'),
    ]);
    const bytes = pdfWith({ content: { dict: '', data: new Uint8Array(content) } });
    expect((await measureStreams(bytes)).refused).toBeUndefined();
    const doc = await openPdf(bytes);
    const ops = await (await doc.getPage(1)).getOperatorList();
    await doc.destroy();
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    expect(ops.fnArray).toContain(OPS.paintInlineImageXObject);
  });

  it('opens an image that decodes to its declared size (with a PNG predictor)', async () => {
    // 400 × 300 RGB, rows tagged with a predictor byte: 360 KB decoded from 10 KB, which the
    // most Flate could make of it does not keep under the image's size: it is decoded.
    const rows = Buffer.alloc(300 * (1 + 400 * 3));
    for (let i = 0; i < rows.length; i++) rows[i] = (i * 2654435761) >>> 24;
    const data = new Uint8Array(deflateSync(rows));
    const dict =
      '/Width 400 /Height 300 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /Columns 400 >>';
    const bytes = pdfWith({ image: { dict, data } });
    const report = await measureStreams(bytes);
    expect(report.refused).toBeUndefined();
    expect(report.decodedBytes).toBe(rows.length);
    expect(await opens(bytes)).toBe(1);
  });

  it('opens an image behind ASCII85 that decodes to its declared size ([/A85 /Fl], as ReportLab writes)', async () => {
    // 300 × 200 RGB: 180 KB decoded. The ASCII85 stage's output (the deflated data) is not the
    // image's: only the last stage is held to the image's size.
    const rows = randomBytes(200 * 300 * 3);
    const deflated = deflateSync(rows);
    expect(deflated.length).toBeGreaterThan(rows.length / 2);
    const a85 = (b: Buffer) => new Uint8Array(Buffer.from(`${ascii85(b)}~>`, 'latin1'));
    const dict = (filter: string) =>
      `/Width 300 /Height 200 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter ${filter}`;
    const bytes = pdfWith({ image: { dict: dict('[/ASCII85Decode /FlateDecode]'), data: a85(deflated) } });
    expect((await measureStreams(bytes)).refused).toBeUndefined();
    expect(await opens(bytes)).toBe(1);
    // An image whose last stage makes more than its size is refused behind ASCII85 too.
    const bomb = Buffer.from(await deflatedZeros(8 * MB));
    await refusedAsBomb(
      pdfWith({ image: { dict: dict('[/A85 /Fl]'), data: a85(bomb) } }),
      /image of the PDF \(300 × 200 pixels\)/,
    );
  });

  it('opens ordinary PDFs: compressed pages, a Factur-X attachment, a bit of everything', async () => {
    const hybrid = buildPdf({
      pages: 3,
      compress: true,
      attachments: [{ name: 'factur-x.xml', content: CII_D16B }],
    });
    expect(await opens(hybrid)).toBe(3);
    const r = await readInvoice(hybrid, { country: 'de', today: '2025-01-01' });
    expect(r).toMatchObject({ status: 'done', mode: 'xml' });
    // A content stream of 10 MB (under the cap) and a stream over the cap that is stored, not
    // compressed: neither expands past anything.
    const tenMb = await deflatedZeros(10 * MB);
    const bytes = pdfWith({
      content: { dict: '/Filter /FlateDecode', data: tenMb },
      extra: [{ dict: '', data: new Uint8Array(65 * MB) }],
    });
    expect(await opens(bytes)).toBe(1);
  });
});

describe('openPdf: the stream budget of an encrypted PDF', () => {
  const text = Buffer.from('BT /F1 12 Tf 72 770 Td (Rechnung Nr. RE-7) Tj ET\n', 'latin1');

  it.each(['rc4', 'aes256'] as const)(
    'refuses a bomb in a PDF that opens without a password (%s), decrypting as pdf.js does',
    async (kind) => {
      // The same file with an ordinary page reads: the encryption of the test is pdf.js's.
      const plain = openEncryptedPdf(kind, new Uint8Array(deflateSync(text)), '/Filter /FlateDecode');
      expect(await pageText(plain)).toContain('RE-7');
      await refusedAsBomb(openEncryptedPdf(kind, bomb100, '/Filter /FlateDecode'));
    },
  );

  it('leaves a PDF that needs a password to pdf.js: encrypted_pdf, as before', async () => {
    const bytes = encryptedPdf(['Rechnung Nr. RE-7'], 'secret');
    await expect(openPdf(bytes)).rejects.toMatchObject({ code: 'encrypted_pdf' });
    expect((await measureStreams(bytes)).refused).toBeUndefined();
  });
});

// Hostile or broken files built in the test (an image bomb, a truncated JPEG, a really encrypted
// PDF) each end with a clear error code, never an exception, a hang or a decode of the bomb;
// the test timeouts are the hang guard.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ReadOptions, readInvoice } from './read-invoice.js';
import { encryptedPdf } from './test-support/encrypted-pdf.js';

const read = (bytes: Uint8Array, options: Partial<ReadOptions> = {}) =>
  readInvoice(bytes, { country: 'de', today: '2025-01-01', ...options });

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** 100 bytes or so claiming 100,000 × 100,000 RGB pixels (30 GB decoded). */
function pngBomb(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header is rewritten to claim 60,000 × 60,000 pixels. */
async function jpegBomb(): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  for (let i = 2; i < jpeg.length - 8; ) {
    const marker = jpeg[i + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(60_000, i + 5);
      jpeg.writeUInt16BE(60_000, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

/** A noisy photo-sized JPEG cut off in the middle of its pixel data. */
async function truncatedJpeg(): Promise<Uint8Array> {
  const noise = Buffer.alloc(600 * 400 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, jpeg.length >> 1);
}

describe('readInvoice: bad input ends in a clear error', () => {
  it.each(['auto', 'ocr', 'qr'] as const)('refuses a PNG bomb before decoding it (mode %s)', async (mode) => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200);
    const r = await read(bomb, { mode });
    expect(r).toMatchObject({
      status: 'failed',
      error: 'image_too_large',
      file_type: 'png',
      pages_scanned: 0,
    });
    expect(r.message).toMatch(/100000×100000/);
  });

  it('refuses a JPEG bomb before decoding it', async () => {
    const r = await read(await jpegBomb(), { mode: 'ocr' });
    expect(r).toMatchObject({ status: 'failed', error: 'image_too_large', file_type: 'jpeg' });
  });

  it.each(['auto', 'ocr'] as const)('calls a truncated JPEG malformed_image (mode %s)', async (mode) => {
    const r = await read(await truncatedJpeg(), { mode });
    expect(r).toMatchObject({
      status: 'failed',
      error: 'malformed_image',
      file_type: 'jpeg',
      pages_scanned: 0,
    });
  });

  it('fails an RC4-encrypted PDF with a user password as encrypted_pdf', async () => {
    const r = await read(encryptedPdf(['Rechnung Nr. RE-7', 'Gesamtbetrag 119,00 EUR'], 'secret'));
    expect(r).toMatchObject({ status: 'failed', error: 'encrypted_pdf', file_type: 'pdf', pages_scanned: 0 });
  });

  it('reads an encrypted PDF that opens without a password (owner restrictions only)', async () => {
    const r = await read(encryptedPdf(['Rechnung Nr. RE-7', 'Gesamtbetrag 119,00 EUR'], ''));
    expect(r).toMatchObject({ status: 'done', mode: 'text', pages_scanned: 0 });
    expect(r.document?.number).toBe('RE-7');
  });
});

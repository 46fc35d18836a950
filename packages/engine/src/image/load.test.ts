// loadImage: decoding to RGBA, EXIF orientation, the image-bomb check before decoding, and
// malformed input; PNG/JPEG samples are made with sharp or taken from the shared corpus.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ReadError } from '../errors.js';
import { loadImage } from './load.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const sampleJpeg = path.join(corpus, 'qr/swiss/smartive-swiss-qr-bill-decoder/images/full.jpg');

/** A PNG chunk: length, type, data, CRC-32 over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A small PNG whose header claims width × height RGB pixels (the header parser wants an IDAT). */
function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = chunk('IDAT', deflateSync(Buffer.alloc(64)));
  return Buffer.concat([signature, chunk('IHDR', ihdr), idat, chunk('IEND', Buffer.alloc(0))]);
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReadError);
  return (err as ReadError).code;
}

describe('loadImage', () => {
  it('decodes a PNG to RGBA', async () => {
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const r = await loadImage(png);
    expect([r.width, r.height, r.channels, r.data.length]).toEqual([3, 2, 4, 24]);
    expect([...r.data.slice(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it('turns grey and transparent images into opaque RGBA on white', async () => {
    const clear = await sharp({ create: { width: 2, height: 2, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    expect([...(await loadImage(clear)).data.slice(0, 4)]).toEqual([255, 255, 255, 255]);
    const grey = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#404040' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const r = await loadImage(grey);
    expect(r.data.length).toBe(16);
    expect([...r.data.slice(0, 4)]).toEqual([64, 64, 64, 255]);
  });

  it('gives plain 8-bit images byte for byte what sharp flattening onto white gives', async () => {
    // Every alpha level against every grey and colour level: the fast layout's integer division
    // has to match libvips's to the last bit.
    const [w, h] = [256, 64];
    const pixels = (channels: 1 | 2 | 3 | 4) => {
      const data = Buffer.alloc(w * h * channels);
      for (let i = 0; i < w * h; i++)
        for (let c = 0; c < channels; c++)
          data[i * channels + c] =
            c === channels - 1 && channels % 2 === 0 ? (i >> 6) & 255 : (i * (c + 3)) & 255;
      return sharp(data, { raw: { width: w, height: h, channels } });
    };
    const viaSharp = async (bytes: Buffer) =>
      sharp(bytes).flatten({ background: '#ffffff' }).toColourspace('srgb').ensureAlpha(1).raw().toBuffer();
    for (const channels of [1, 2, 3, 4] as const) {
      for (const bytes of [
        await pixels(channels).png().toBuffer(),
        await pixels(channels).webp({ lossless: true }).toBuffer(),
      ]) {
        const r = await loadImage(bytes);
        expect(
          Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength).equals(await viaSharp(bytes)),
          `${channels} channels`,
        ).toBe(true);
      }
    }
  });

  it('applies the EXIF orientation (6: turned 90°, so width and height swap)', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const r = await loadImage(jpeg);
    expect([r.width, r.height]).toEqual([20, 40]);
  });

  it('refuses an image bomb from its header, before decoding', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    // Decoding 10^10 pixels would exhaust memory long before an answer: the code proves the header
    // was enough (the test's own time limit catches a decoder that tried).
    expect(await codeOf(loadImage(bomb))).toBe('image_too_large');
  });

  it('honours maxPixels', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await codeOf(loadImage(png, { maxPixels: 9_999 }))).toBe('image_too_large');
    expect((await loadImage(png, { maxPixels: 10_000 })).width).toBe(100);
  });

  it('calls garbage and bad headers malformed_image', async () => {
    expect(await codeOf(loadImage(new Uint8Array([1, 2, 3, 4])))).toBe('malformed_image');
    expect(await codeOf(loadImage(new Uint8Array(0)))).toBe('malformed_image');
  });

  it.skipIf(!existsSync(sampleJpeg))('calls a truncated JPEG malformed_image', async () => {
    const jpeg = readFileSync(sampleJpeg);
    expect((await loadImage(jpeg)).width).toBeGreaterThan(0);
    expect(await codeOf(loadImage(jpeg.subarray(0, jpeg.length >> 1)))).toBe('malformed_image');
  });

  it('says what is wrong with the file, not what the decoder said', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const cut = await loadImage(jpeg.subarray(0, jpeg.length >> 1)).catch((e: Error) => e.message);
    const garbage = await loadImage(new Uint8Array([1, 2, 3, 4])).catch((e: Error) => e.message);
    expect(cut).toMatch(/^the image is incomplete/);
    expect(garbage).toMatch(/^the image cannot be decoded/);
    for (const message of [cut, garbage]) expect(message).not.toMatch(/vips|jpeg:|buffer/i);
  });
});

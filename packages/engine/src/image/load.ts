// Decodes a raster image (PNG, JPEG, and TIFF/WebP/GIF where sharp reads them) into RGBA pixels,
// upright per its EXIF orientation and flattened onto white. The header's size is checked before
// any pixel is decoded, so a small file claiming a huge canvas (an image bomb) costs nothing.
import sharp from 'sharp';
import { ReadError } from '../errors.js';

/** Pixels row by row, 4 bytes (R, G, B, A) each; the one raster shape the engine passes around. */
export interface Raster {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  channels: 4;
}

export interface LoadImageOptions {
  /** Refuse images with more pixels than this (width × height); default 50 million. */
  maxPixels?: number;
}

export const DEFAULT_MAX_PIXELS = 50_000_000;

/** Decodes `bytes`; `image_too_large` above `maxPixels`, `malformed_image` for anything unreadable. */
export async function loadImage(bytes: Uint8Array, opts: LoadImageOptions = {}): Promise<Raster> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (!(maxPixels > 0)) throw new ReadError('invalid_option', 'maxPixels must be a positive number');

  // metadata() parses the header only. Its own pixel limit is off here so that an oversized image
  // is reported by our check below (as image_too_large) rather than as a generic sharp failure.
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch (err) {
    throw malformed(err);
  }
  if (!width || !height) throw new ReadError('malformed_image', 'the image header has no dimensions');
  if (width * height > maxPixels)
    throw new ReadError(
      'image_too_large',
      `the image is ${width}×${height} pixels, above the limit of ${maxPixels} pixels`,
    );

  try {
    // limitInputPixels again, in case the decoder sees other dimensions than the header parser.
    // failOn 'error' aborts on truncated or corrupt pixel data but tolerates mere warnings
    // (common in scanner output).
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate() // EXIF orientation: a phone photo is stored sideways with a tag saying so
      .flatten({ background: '#ffffff' }) // transparent areas read as paper, not as black
      .toColourspace('srgb') // grey, CMYK and 16-bit inputs become 8-bit RGB
      .ensureAlpha(1)
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`decoder returned ${info.channels} channels`);
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
    return { data: pixels, width: info.width, height: info.height, channels: 4 };
  } catch (err) {
    if (/pixel limit/i.test((err as Error)?.message ?? ''))
      throw new ReadError('image_too_large', `the image exceeds the limit of ${maxPixels} pixels`);
    throw malformed(err);
  }
}

function malformed(err: unknown): ReadError {
  const detail = (err as Error)?.message ?? String(err);
  return new ReadError('malformed_image', `the image cannot be decoded: ${detail}`);
}

// Decodes a raster image (PNG, JPEG, and TIFF/WebP/GIF where sharp reads them) into RGBA pixels,
// upright per its EXIF orientation and flattened onto white. The header's size is checked before
// any pixel is decoded, so a small file claiming a huge canvas (an image bomb) costs nothing.
import sharp, { type Metadata, type OutputInfo } from 'sharp';
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
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw malformed(err);
  }
  const { width, height } = meta;
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
    if (plainPixels(meta))
      return asRgba(
        await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
          .raw()
          .toBuffer({ resolveWithObject: true }),
      );
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

/**
 * An 8-bit grey or sRGB image without an orientation tag or a colour profile: its decoded pixels
 * need only be laid out as RGBA (asRgba): decoding and laying out a 200-dpi page so took 50 ms,
 * against 85 ms through sharp's flatten and colour conversion, for the same bytes.
 */
function plainPixels(meta: Metadata): boolean {
  return (
    meta.depth === 'uchar' &&
    (meta.orientation ?? 1) === 1 &&
    !meta.icc &&
    (meta.space === 'srgb' || meta.space === 'b-w') &&
    [1, 2, 3, 4].includes(meta.channels ?? 0)
  );
}

/**
 * Decoded grey, grey and alpha, RGB or RGBA pixels as opaque RGBA on white, byte for byte what
 * sharp's flatten onto white gives (its integer division included): an image with every pixel
 * opaque is passed through as it is.
 */
function asRgba({ data, info }: { data: Buffer; info: OutputInfo }): Raster {
  const n = info.width * info.height;
  const c = info.channels;
  let out: Buffer | undefined;
  if (c === 4) {
    out = data;
    for (let k = 3; k < data.length; k += 4)
      if (data[k] !== 255) {
        out = undefined;
        break;
      }
  }
  if (!out) {
    out = Buffer.allocUnsafe(n * 4);
    const words = new Uint32Array(out.buffer, out.byteOffset, n);
    if (c === 1) for (let i = 0; i < n; i++) words[i] = (data[i]! * 0x010101) | 0xff000000;
    else if (c === 3)
      for (let i = 0, k = 0; i < n; i++, k += 3)
        words[i] = (data[k]! | (data[k + 1]! << 8) | (data[k + 2]! << 16) | 0xff000000) >>> 0;
    else
      for (let i = 0, j = 0, k = 0; i < n; i++, j += 4, k += c) {
        const a = data[k + c - 1]!;
        const paper = 255 * (255 - a);
        const on = (v: number) => (a === 255 ? v : ((v * a + paper) / 255) | 0);
        out[j] = on(data[k]!);
        out[j + 1] = c === 2 ? out[j]! : on(data[k + 1]!);
        out[j + 2] = c === 2 ? out[j]! : on(data[k + 2]!);
        out[j + 3] = 255;
      }
  }
  return {
    data: new Uint8ClampedArray(out.buffer, out.byteOffset, out.byteLength),
    width: info.width,
    height: info.height,
    channels: 4,
  };
}

/**
 * `malformed_image` for a decoder's failure, said in a sentence for the person who sent the file:
 * the decoder's own words ("Input buffer has corrupt header: VipsJpeg: premature end of JPEG
 * image", repeated per attempt) name the library, not what is wrong with the file.
 */
export function malformed(err: unknown): ReadError {
  const detail = (err as Error)?.message ?? String(err);
  const cutShort = /premature end|truncated|unexpected end|end of (?:file|stream|data)|not enough/i.test(
    detail,
  );
  return new ReadError(
    'malformed_image',
    cutShort
      ? 'the image is incomplete: the file ends before its pixels do (an interrupted upload or a damaged file)'
      : 'the image cannot be decoded: its data is damaged, or it is not a JPG or PNG the reader knows',
  );
}

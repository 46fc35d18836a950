// countDecoded (stream-decoders.ts): what Flate, LZW, RunLength, ASCIIHex and ASCII85 make of
// their input, counted as pdf.js decodes it, in one go and streamed, stopping soon after a cap.
import { deflateRawSync, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PIXELS } from '../image/load.js';
import { deflatedZeros, lzw, MB, pageText, pdfWith } from '../test-support/pdf-streams.js';
import type { FilterStep } from './filter-decoders.js';
import { STREAM_LIMITS } from './stream-budget.js';
import { countDecoded } from './stream-decoders.js';

let bomb100: Uint8Array;
beforeAll(async () => {
  bomb100 = await deflatedZeros(100 * MB);
}, 60_000);

describe('countDecoded: what the filters make of their input, as pdf.js decodes it', () => {
  const lines = (n: number) =>
    Buffer.from(
      Array.from(
        { length: n },
        (_, i) => `BT /F1 12 Tf 72 ${770 - (i % 700)} Td (Zeile ${i} abc) Tj ET`,
      ).join('\n'),
      'latin1',
    );
  // A page's worth, decoded in one go; and 2.5 MB, over the 1 MiB that is, streamed.
  const small = lines(400);
  const large = lines(60_000);
  const count = async (data: Uint8Array, steps: FilterStep[], cap = Infinity) =>
    (await countDecoded(data, 0, data.length, steps, cap)).count;

  it.each([
    ['in one go', small],
    ['streamed', large],
  ])('Flate, LZW, RunLength, ASCIIHex and ASCII85 count the real output (%s)', async (_, text) => {
    expect(await count(new Uint8Array(deflateSync(text)), [{ filter: 'Fl' }])).toBe(text.length);
    expect(await count(lzw(text), [{ filter: 'LZW' }])).toBe(text.length);
    // Each stage's output counts: ASCIIHex's (the deflated bytes), then Flate's.
    const deflated = deflateSync(text);
    const hex = Buffer.from(`${deflated.toString('hex')}>`, 'latin1');
    expect(await count(hex, [{ filter: 'AHx' }, { filter: 'Fl' }])).toBe(deflated.length + text.length);
    // RunLength: literal runs of up to 128 bytes.
    const rl: Buffer[] = [];
    for (let i = 0; i < text.length; i += 128) {
      const run = text.subarray(i, i + 128);
      rl.push(Buffer.from([run.length - 1]), run);
    }
    rl.push(Buffer.from([128]));
    expect(await count(Buffer.concat(rl), [{ filter: 'RL' }])).toBe(text.length);
  });

  it('reads the marks of RunLength, ASCIIHex and ASCII85 as pdf.js does', async () => {
    const rl = Buffer.concat([Buffer.from([2, 65, 66, 67, 255]), Buffer.from('x'), Buffer.from([128, 0, 1])]);
    expect(await count(rl, [{ filter: 'RL' }])).toBe(5);
    // An odd last digit is a byte of its own; ">" ends.
    expect(await count(Buffer.from('48 65 6c6C6f 7> 41', 'latin1'), [{ filter: 'AHx' }])).toBe(6);
    // "z" is four zeros, "~" ends.
    expect(await count(Buffer.from('87cURD]i,"Ebo80z~>', 'latin1'), [{ filter: 'A85' }])).toBe(16);
  });

  it('the LZW encoding of the test is one pdf.js reads', async () => {
    const bytes = pdfWith({ content: { dict: '/Filter /LZWDecode', data: lzw(small) } });
    expect((await pageText(bytes)).match(/Zeile \d+ abc/g)?.length).toBe(400);
  });

  it('stops counting soon after the cap, and counts what damaged data gave before the damage', async () => {
    const n = await count(bomb100, [{ filter: 'Fl' }], 5 * MB);
    expect(n).toBeGreaterThan(5 * MB);
    expect(n).toBeLessThan(6 * MB);
    for (const text of [small, large]) {
      const deflated = deflateSync(text);
      const truncated = deflated.subarray(0, deflated.length >> 1);
      const partial = await count(truncated, [{ filter: 'Fl' }]);
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(text.length);
    }
    // No zlib header (encrypted data, say): pdf.js decodes nothing of it.
    expect(await count(new Uint8Array(deflateRawSync(small)), [{ filter: 'Fl' }])).toBe(0);
  });

  it('takes the engine image limit as its own', () => {
    expect(STREAM_LIMITS.maxPixels).toBe(DEFAULT_MAX_PIXELS);
  });
});

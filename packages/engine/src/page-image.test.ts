// renderPagePng through the real worker pool: a built A4 PDF at the asked width, the page count,
// an image made upright and never enlarged, XML without a page, and the refusals.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadError } from './errors.js';
import { renderPagePng } from './page-image.js';
import { buildPdf } from './test-support/pdf-builder.js';
import { shutdownPageWorkers } from './workers/page-tasks.js';

afterAll(() => shutdownPageWorkers());

describe('renderPagePng', () => {
  const pdf = buildPdf({ pages: 2 }); // A4 portrait: 595 × 842 pt

  it('renders a PDF page at the asked width, keeping the proportions', async () => {
    const r = await renderPagePng(pdf, 2, { width: 595 });
    if (!r.ok) throw new Error(r.reason);
    expect([r.width, r.height, r.pages]).toEqual([595, 842, 2]);
    expect(await sharp(r.png).metadata()).toMatchObject({ format: 'png', width: 595, height: 842 });
    const wide = await renderPagePng(pdf, 1);
    expect(wide.ok && [wide.width, wide.height]).toEqual([1200, Math.floor((842 * 1200) / 595)]);
  });

  it('answers page_not_found beyond the last page and no_page for XML', async () => {
    expect(await renderPagePng(pdf, 3)).toEqual({ ok: false, reason: 'page_not_found', pages: 2 });
    expect(await renderPagePng(Buffer.from('<?xml version="1.0"?><Invoice/>'), 1)).toEqual({
      ok: false,
      reason: 'no_page',
      pages: 0,
    });
  });

  it('makes an image upright and never enlarges it', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const r = await renderPagePng(jpeg, 1, { width: 1200 });
    expect(r.ok && [r.width, r.height, r.pages]).toEqual([200, 300, 1]);
    const small = await renderPagePng(jpeg, 1, { width: 100 });
    expect(small.ok && [small.width, small.height]).toEqual([100, 150]);
    expect(await renderPagePng(jpeg, 2)).toEqual({ ok: false, reason: 'page_not_found', pages: 1 });
  });

  it('refuses a damaged file, a bad width and a bad page number with a ReadError', async () => {
    const junk = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('not an image')]);
    await expect(renderPagePng(junk, 1)).rejects.toMatchObject({ code: 'malformed_image' });
    await expect(renderPagePng(pdf, 1, { width: 0 })).rejects.toBeInstanceOf(ReadError);
    await expect(renderPagePng(pdf, 0)).rejects.toMatchObject({ code: 'invalid_option' });
    await expect(renderPagePng(Buffer.from('%PDF-1.7 broken'), 1)).rejects.toMatchObject({
      code: 'malformed_pdf',
    });
  });
});

// The page picture a host shows beside the fields read from it: `renderPagePng` renders page n
// of a PDF or converts an image to PNG in the engine's worker pool, with a time limit, so a slow
// or hostile file costs only its worker. XML and signed envelopes have no page to show.
import { ReadError } from './errors.js';
import { sniff } from './sniff.js';
import { runPageTask } from './workers/page-tasks.js';

export interface PagePngOptions {
  /** Width of the picture in pixels (an image is never enlarged); default 1200. */
  width?: number;
  /** Time limit of the rendering; default 20 s. */
  timeoutMs?: number;
}

export type PagePng =
  | { ok: true; png: Uint8Array; width: number; height: number; pages: number }
  /** `no_page`: the file is not a page (XML); `page_not_found`: it has fewer pages. */
  | { ok: false; reason: 'no_page' | 'page_not_found'; pages: number };

export const DEFAULT_PAGE_WIDTH = 1200;
/** Widths beyond this are refused: a page picture of 4000 px is already 60 MB of pixels. */
export const MAX_PAGE_WIDTH = 4000;

/** Renders page `pageNumber` (1-based); throws a ReadError for a damaged file or a timeout. */
export async function renderPagePng(
  bytes: Uint8Array,
  pageNumber: number,
  opts: PagePngOptions = {},
): Promise<PagePng> {
  const width = opts.width ?? DEFAULT_PAGE_WIDTH;
  if (!Number.isInteger(width) || width < 1 || width > MAX_PAGE_WIDTH)
    throw new ReadError('invalid_option', `width must be an integer in 1..${MAX_PAGE_WIDTH}`);
  if (!Number.isInteger(pageNumber) || pageNumber < 1)
    throw new ReadError('invalid_option', 'the page number must be a positive integer');
  const type = sniff(bytes);
  if (type !== 'pdf' && type !== 'png' && type !== 'jpeg') return { ok: false, reason: 'no_page', pages: 0 };
  const r = await runPageTask(
    { kind: 'page-png', bytes, type: type === 'pdf' ? 'pdf' : 'image', page: pageNumber, width },
    opts.timeoutMs ?? 20_000,
  );
  if (!r.png || !r.width || !r.height) return { ok: false, reason: 'page_not_found', pages: r.pages };
  return { ok: true, png: r.png, width: r.width, height: r.height, pages: r.pages };
}

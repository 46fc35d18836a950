// The page viewer's zoom steps (1 = the page as wide as the view) and the width of the picture to
// ask for at a drawn width: a few sizes only, so the service and the browser keep each picture.
export const ZOOM_STEPS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 2.5, 3, 4] as const;
const PICTURE_WIDTHS = [1200, 2000, 3000, 4000] as const;
/** The service draws a page at most this wide. */
const MAX_PICTURE_WIDTH = 4000;

/** The next step in `direction` (1 in, -1 out) from `zoom`, which may lie between two steps. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  const first = ZOOM_STEPS[0];
  const last = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 4;
  if (direction > 0) return ZOOM_STEPS.find((s) => s > zoom + 0.001) ?? last;
  return [...ZOOM_STEPS].reverse().find((s) => s < zoom - 0.001) ?? first;
}

/** The picture width (px) to ask for to draw a page `drawnPx` wide on the screen (device pixels). */
export function pictureWidth(drawnPx: number): number {
  return PICTURE_WIDTHS.find((w) => w >= drawnPx) ?? MAX_PICTURE_WIDTH;
}

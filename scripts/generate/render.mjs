// Chooses a PDF library and font for one invoice and renders its pages: pdfkit, pdf-lib (whole
// runs or word by word) and jsPDF, each with the standard fonts where every character is in
// WinAnsi, otherwise an embedded TrueType font (always for Greek, Cyrillic and Central European text).

import { STANDARD_FAMILIES, TTF_FAMILIES, winAnsiCan } from './fonts.mjs';
import { renderJspdf } from './render-jspdf.mjs';
import { renderPdfLib } from './render-pdf-lib.mjs';
import { renderPdfkit } from './render-pdfkit.mjs';

export const LIBRARIES = ['pdfkit', 'pdf-lib', 'jspdf'];

/** Renders `pages` (page-ops.Pages) with `library`; returns { bytes, font, variant }. */
export async function renderPdf(library, pages, d, meta) {
  const text = pages.allText();
  const standard = winAnsiCan(text) && d.chance(0.45);
  // Liberation has no narrow no-break space (French and Nordic grouping): DejaVu has.
  const families = text.includes('\u202f') ? ['dejavu-sans', 'dejavu-serif'] : Object.keys(TTF_FAMILIES);
  const font = standard
    ? { family: d.pick(STANDARD_FAMILIES), standard: true }
    : { family: d.pick(families), standard: false };
  let bytes;
  let variant = library;
  if (library === 'pdfkit') bytes = await renderPdfkit(pages.pages, font, meta);
  else if (library === 'pdf-lib') {
    const words = d.chance(0.4);
    if (words) variant = 'pdf-lib/words';
    bytes = await renderPdfLib(pages.pages, font, meta, { words });
  } else if (library === 'jspdf') bytes = renderJspdf(pages.pages, font, meta);
  else throw new Error(`unknown PDF library ${library} (one of ${LIBRARIES.join(', ')})`);
  return { bytes, font: font.family, variant };
}

// Renders page-ops with pdf-lib: TrueType fonts embedded through @pdf-lib/fontkit (subset) or the
// standard fonts; text drawn as whole runs or word by word, as some PDF producers place each word.

import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { grayscale, PDFDocument, StandardFonts } from 'pdf-lib';
import { fontFiles } from './fonts.mjs';
import { A4 } from './page-ops.mjs';

const STANDARD = {
  helvetica: { regular: StandardFonts.Helvetica, bold: StandardFonts.HelveticaBold },
  times: { regular: StandardFonts.TimesRoman, bold: StandardFonts.TimesRomanBold },
};

/** `font`: { family, standard }; `opts.words`: draw each word as its own run. */
export async function renderPdfLib(pages, font, meta, opts = {}) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreator(meta.creator);
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  let regular;
  let bold;
  if (font.standard) {
    regular = await pdf.embedFont(STANDARD[font.family].regular);
    bold = await pdf.embedFont(STANDARD[font.family].bold);
  } else {
    pdf.registerFontkit(fontkit);
    const files = fontFiles(font.family);
    regular = await pdf.embedFont(readFileSync(files.regular), { subset: true });
    bold = await pdf.embedFont(readFileSync(files.bold), { subset: true });
  }
  for (const ops of pages) {
    const page = pdf.addPage([A4.width, A4.height]);
    const H = A4.height;
    for (const op of ops) {
      if (op.type === 'rect') {
        page.drawRectangle({
          x: op.x,
          y: H - op.y - op.h,
          width: op.w,
          height: op.h,
          color: grayscale(op.grey),
        });
      } else if (op.type === 'image') {
        const img = await pdf.embedPng(op.png);
        page.drawImage(img, { x: op.x, y: H - op.y - op.h, width: op.w, height: op.h });
      } else if (op.type === 'line') {
        page.drawLine({
          start: { x: op.x1, y: H - op.y1 },
          end: { x: op.x2, y: H - op.y2 },
          thickness: op.width,
        });
      } else {
        const f = op.bold ? bold : regular;
        const w = f.widthOfTextAtSize(op.text, op.size);
        let x = op.align === 'right' ? op.x - w : op.align === 'center' ? op.x - w / 2 : op.x;
        if (!opts.words) {
          page.drawText(op.text, { x, y: H - op.y, size: op.size, font: f });
          continue;
        }
        const space = f.widthOfTextAtSize(' ', op.size);
        for (const word of op.text.split(' ')) {
          if (word) page.drawText(word, { x, y: H - op.y, size: op.size, font: f });
          x += f.widthOfTextAtSize(word, op.size) + space;
        }
      }
    }
  }
  return Buffer.from(await pdf.save());
}

// Renders page-ops with pdfkit: TrueType fonts registered from Debian's font files (pdfkit
// subsets them) or its built-in standard fonts, text positioned by its alphabetic baseline.

import PDFDocument from 'pdfkit';
import { fontFiles } from './fonts.mjs';
import { A4 } from './page-ops.mjs';

const STANDARD = {
  helvetica: { regular: 'Helvetica', bold: 'Helvetica-Bold' },
  times: { regular: 'Times-Roman', bold: 'Times-Bold' },
};

/** `font`: { family, standard } as chosen by render.mjs; `meta`: title/author/creator. */
export function renderPdfkit(pages, font, meta) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: [A4.width, A4.height],
      margin: 0,
      autoFirstPage: false,
      compress: true,
      info: {
        Title: meta.title,
        Author: meta.author,
        Creator: meta.creator,
        Producer: 'PDFKit',
        CreationDate: meta.date,
      },
    });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    let names;
    if (font.standard) names = STANDARD[font.family];
    else {
      const files = fontFiles(font.family);
      doc.registerFont('R', files.regular);
      doc.registerFont('B', files.bold);
      names = { regular: 'R', bold: 'B' };
    }
    for (const ops of pages) {
      doc.addPage({ size: [A4.width, A4.height], margin: 0 });
      for (const op of ops) {
        if (op.type === 'rect') {
          const g = Math.round(op.grey * 255);
          doc.rect(op.x, op.y, op.w, op.h).fill([g, g, g]);
          doc.fillColor('black');
        } else if (op.type === 'image') {
          doc.image(op.png, op.x, op.y, { width: op.w, height: op.h });
        } else if (op.type === 'line') {
          doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.width).stroke('black');
        } else {
          doc.font(op.bold ? names.bold : names.regular).fontSize(op.size);
          const w = doc.widthOfString(op.text);
          const x = op.align === 'right' ? op.x - w : op.align === 'center' ? op.x - w / 2 : op.x;
          doc.text(op.text, x, op.y, { lineBreak: false, baseline: 'alphabetic' });
        }
      }
    }
    doc.end();
  });
}

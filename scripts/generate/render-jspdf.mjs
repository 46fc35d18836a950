// Renders page-ops with jsPDF: its standard fonts where the text allows, otherwise a TrueType
// font added to its virtual file system (embedded whole, with Identity-H encoding).

import { readFileSync } from 'node:fs';
import { jsPDF } from 'jspdf';
import { fontFiles } from './fonts.mjs';
import { A4 } from './page-ops.mjs';

/** Font files read once per process: jsPDF wants them as base64. */
const cache = new Map();
function base64(file) {
  if (!cache.has(file)) cache.set(file, readFileSync(file).toString('base64'));
  return cache.get(file);
}

/** `font`: { family, standard }. */
export function renderJspdf(pages, font, meta) {
  const doc = new jsPDF({ unit: 'pt', format: [A4.width, A4.height], compress: true });
  doc.setProperties({ title: meta.title, author: meta.author, creator: meta.creator });
  doc.setCreationDate(meta.date);
  doc.setFileId(meta.fileId);
  let family = font.family;
  if (!font.standard) {
    const files = fontFiles(font.family);
    family = 'Embedded';
    doc.addFileToVFS('regular.ttf', base64(files.regular));
    doc.addFont('regular.ttf', family, 'normal', undefined, 'Identity-H');
    doc.addFileToVFS('bold.ttf', base64(files.bold));
    doc.addFont('bold.ttf', family, 'bold', undefined, 'Identity-H');
  }
  pages.forEach((ops, i) => {
    if (i > 0) doc.addPage([A4.width, A4.height]);
    for (const op of ops) {
      if (op.type === 'rect') {
        const g = Math.round(op.grey * 255);
        doc.setFillColor(g, g, g);
        doc.rect(op.x, op.y, op.w, op.h, 'F');
      } else if (op.type === 'image') {
        doc.addImage(new Uint8Array(op.png), 'PNG', op.x, op.y, op.w, op.h);
      } else if (op.type === 'line') {
        doc.setLineWidth(op.width);
        doc.setDrawColor(0, 0, 0);
        doc.line(op.x1, op.y1, op.x2, op.y2);
      } else {
        doc.setFont(family, op.bold ? 'bold' : 'normal');
        doc.setFontSize(op.size);
        doc.setTextColor(0, 0, 0);
        doc.text(op.text, op.x, op.y, { align: op.align, baseline: 'alphabetic' });
      }
    }
  });
  return Buffer.from(doc.output('arraybuffer'));
}

// The fonts generated invoices are set in: TrueType files from Debian's font packages (DejaVu,
// Liberation: Latin, Greek and Cyrillic) and the PDF standard fonts where every character of the
// invoice is in their WinAnsi encoding. A missing file stops the generator with the package to install.

import { existsSync } from 'node:fs';

/** Where Debian puts the font packages' files; INVOICE_FONT_DIRS (colon-separated) looks elsewhere. */
const DIRS = process.env.INVOICE_FONT_DIRS?.split(':').filter(Boolean) ?? [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/truetype/liberation',
];

/** TrueType families: regular and bold file, and the Debian package that holds them. */
export const TTF_FAMILIES = {
  'dejavu-sans': { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', pkg: 'fonts-dejavu-core' },
  'dejavu-serif': { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf', pkg: 'fonts-dejavu-core' },
  'liberation-sans': {
    regular: 'LiberationSans-Regular.ttf',
    bold: 'LiberationSans-Bold.ttf',
    pkg: 'fonts-liberation',
  },
  'liberation-serif': {
    regular: 'LiberationSerif-Regular.ttf',
    bold: 'LiberationSerif-Bold.ttf',
    pkg: 'fonts-liberation',
  },
  'liberation-narrow': {
    regular: 'LiberationSansNarrow-Regular.ttf',
    bold: 'LiberationSansNarrow-Bold.ttf',
    pkg: 'fonts-liberation',
  },
};

/** The standard 14 fonts the generator uses (no file embedded). */
export const STANDARD_FAMILIES = ['helvetica', 'times'];

/** Characters WinAnsiEncoding has beyond Latin-1 (the standard fonts can show only these and Latin-1). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Whether the standard fonts can show every character of `text`. */
export function winAnsiCan(text) {
  for (const ch of text) {
    const c = ch.codePointAt(0);
    if (c === 0x202f) return false;
    if (c < 0x100 && c !== 0x7f) continue;
    if (!WIN_ANSI_EXTRA.has(ch)) return false;
  }
  return true;
}

function find(file) {
  for (const dir of DIRS) {
    const p = `${dir}/${file}`;
    if (existsSync(p)) return p;
  }
  return null;
}

/** The regular and bold files of a TrueType family; throws naming the Debian package when absent. */
export function fontFiles(family) {
  const f = TTF_FAMILIES[family];
  if (!f) throw new Error(`unknown font family ${family}`);
  const regular = find(f.regular);
  const bold = find(f.bold);
  if (!regular || !bold) {
    throw new Error(
      `font ${family} is missing (${!regular ? f.regular : f.bold} not in ${DIRS.join(' or ')}): install it with \`apt-get install ${f.pkg}\``,
    );
  }
  return { regular, bold };
}

/** Checks every TrueType family at start, so a run fails at once instead of half-way. */
export function checkFonts() {
  for (const family of Object.keys(TTF_FAMILIES)) fontFiles(family);
}

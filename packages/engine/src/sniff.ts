// Decides what a file is from its content, never from its name: PDF, PNG, JPEG, XML or a CMS
// envelope (signed `.p7m`). Anything else is refused before a reader sees it.
import { looksLikeCms } from './cms/p7m.js';
import type { FileType } from './result.js';

export function sniff(bytes: Uint8Array): FileType | 'empty' | 'unknown' {
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // PDF readers accept the header anywhere in the first kilobyte (some producers prepend junk).
  if (Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-', 0, 'latin1')) return 'pdf';
  if (looksLikeXmlText(bytes)) return 'xml';
  if (looksLikeCms(bytes)) return 'cms';
  return 'unknown';
}

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return sig.every((b, i) => bytes[i] === b);
}

function looksLikeXmlText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe, 0x3c, 0x00]) || startsWith(bytes, [0xfe, 0xff, 0x00, 0x3c])) return true;
  if (startsWith(bytes, [0x3c, 0x00]) || startsWith(bytes, [0x00, 0x3c])) return true;
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (
    i < bytes.length &&
    i < 4096 &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  if (bytes[i] !== 0x3c) return false;
  const next = bytes[i + 1];
  // `<?xml`, `<!--`, `<!DOCTYPE` or an element name.
  return (
    next === 0x3f ||
    next === 0x21 ||
    (next !== undefined && (/[A-Za-z_:]/.test(String.fromCharCode(next)) || next >= 0x80))
  );
}

// Turns XML bytes into text: byte-order mark first, then the encoding the declaration names
// (UTF-8 when none). Invalid bytes for that encoding are an error, never silently replaced.
import { TextDecoder } from 'node:util';
import { XmlError } from './parse.js';

export function decodeXml(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  let offset = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) offset = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, offset] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, offset] = ['utf-16be', 2];
  else if (bytes[0] === 0x3c && bytes[1] === 0x00) encoding = 'utf-16le';
  else if (bytes[0] === 0x00 && bytes[1] === 0x3c) encoding = 'utf-16be';
  else {
    const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
    const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(head);
    if (m) encoding = m[1]!.trim().toLowerCase();
  }
  if (LATIN_LABELS.has(encoding)) return decodeWindows1252(bytes.subarray(offset));
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new XmlError('malformed_xml', `unknown character encoding "${encoding}"`);
  }
  try {
    return decoder.decode(bytes.subarray(offset));
  } catch {
    throw new XmlError('malformed_xml', `bytes that are not valid ${encoding}`);
  }
}

// WHATWG decodes every Latin-1 label as windows-1252, but Node 20's TextDecoder decodes them as
// ISO-8859-1 (0x80-0x9F become C1 controls instead of €, „, Š ...). Decode them here.
const LATIN_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
]);
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

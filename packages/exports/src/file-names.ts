// The names exported files leave with: in a Content-Disposition header (every export, one file or
// a zip), as the entries of a zip, as the files the command line writes. Writers build names from
// what an invoice says (the seller's VAT id, the invoice number), which its supplier controls;
// whatever that holds, what leaves here is one plain file name: no folder, no `..`, no drive, no
// control character, nothing that ends a header parameter.

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** Path separators and the characters Windows refuses in a name (a drive's `:` among them). */
const RESERVED = /[/\\:*?"<>|]/g;
/** A lone surrogate: no character at all, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Names Windows keeps for devices, whatever the extension. */
const DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;
/** Longest name kept, in characters: under the 255 bytes file systems take, for most scripts. */
const MAX_LENGTH = 120;

/**
 * One plain file name for `name`: path separators, Windows' reserved characters and control
 * characters become `_`, as do leading dots (no `.`, `..` or hidden file) and trailing dots and
 * spaces (which Windows drops); a device name is prefixed with `_`; a long name is cut before its
 * extension. An empty result is `fallback`. Letters of any script are kept.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  let clean = name
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(CONTROL, '_')
    .replace(RESERVED, '_')
    .trim()
    .replace(/^\.+/, (dots) => '_'.repeat(dots.length))
    .replace(/[. ]+$/, (end) => '_'.repeat(end.length));
  if (DEVICE.test(clean)) clean = `_${clean}`;
  const chars = Array.from(clean);
  if (chars.length > MAX_LENGTH) {
    const ext = /\.[A-Za-z0-9]{1,10}$/.exec(clean)?.[0] ?? '';
    clean = chars.slice(0, MAX_LENGTH - ext.length).join('') + ext;
  }
  return clean || fallback;
}

/**
 * `name`, or `name-2.ext`, `name-3.ext`, … when taken: compared without case, since Windows and
 * macOS extract `A.xml` and `a.xml` to one file. Adds the name given to `taken` (lower case).
 */
export function uniqueFileName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = name.replace(/(\.\w+)?$/, `-${n}$1`);
  taken.add(unique.toLowerCase());
  return unique;
}

/** What the quoted `filename` parameter keeps; anything else (non-ASCII, `"`, `\`, `%`, `;`) becomes `_`. */
const NOT_PLAIN_ASCII = /[^A-Za-z0-9 _.()+,~-]/g;
/** RFC 5987 attr-char: what `filename*` writes as itself; every other byte is percent-encoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+.^_`|~-]$/;

const percentEncoded = (s: string): string =>
  Array.from(Buffer.from(s, 'utf8'), (byte) => {
    const c = String.fromCharCode(byte);
    return ATTR_CHAR.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');

/**
 * A Content-Disposition value for a file of this name (RFC 6266): `filename="…"` with a plain
 * ASCII name every client reads, and when the name is more than that, `filename*=UTF-8''…` with the
 * name percent-encoded (RFC 5987), which current browsers prefer. Either way the value is one
 * header line of printable ASCII whose parameters end where they should.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const name = safeFileName(filename, 'download');
  const ascii = name.replace(NOT_PLAIN_ASCII, '_');
  return ascii === name
    ? `${type}; filename="${ascii}"`
    : `${type}; filename="${ascii}"; filename*=UTF-8''${percentEncoded(name)}`;
}

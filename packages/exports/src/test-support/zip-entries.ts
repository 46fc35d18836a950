// The entry names of a zip read straight from its bytes, as a naive unzip would take them: the
// central directory's name of each entry and the name its local header repeats (a streaming
// unzip reads only the latter). No library in between that might clean a name on the way.

export interface ZipEntryName {
  /** The name in the central directory. */
  central: string;
  /** The name in the entry's local header. */
  local: string;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** General purpose flag bit 11: the name is UTF-8 (otherwise CP437, the same as ASCII below 0x80). */
const UTF8 = 0x800;

const nameOf = (bytes: Buffer, flags: number): string => bytes.toString(flags & UTF8 ? 'utf8' : 'latin1');

export function zipEntryNames(zip: Uint8Array): ZipEntryName[] {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end of central directory record, searched from the end (a comment of up to 64 KiB may follow).
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new Error('not a zip: no end of central directory record');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out: ZipEntryName[] = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== CENTRAL) throw new Error(`central directory entry ${n}: bad signature`);
    const flags = buf.readUInt16LE(at + 8);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localAt = buf.readUInt32LE(at + 42);
    const central = nameOf(buf.subarray(at + 46, at + 46 + nameLength), flags);
    if (buf.readUInt32LE(localAt) !== LOCAL) throw new Error(`local header of entry ${n}: bad signature`);
    const localFlags = buf.readUInt16LE(localAt + 6);
    const localLength = buf.readUInt16LE(localAt + 26);
    const local = nameOf(buf.subarray(localAt + 30, localAt + 30 + localLength), localFlags);
    out.push({ central, local });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/**
 * Whether an unzip may write the entry where it lands: relative, no `..` segment, no backslash
 * (a separator on Windows), no drive letter, no control character.
 */
export const isSafeEntryName = (name: string): boolean =>
  name.length > 0 &&
  !name.startsWith('/') &&
  !/^[A-Za-z]:/.test(name) &&
  !name.includes('\\') &&
  !name.split('/').some((segment) => segment === '..' || segment === '.') &&
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  !/[\u0000-\u001f\u007f-\u009f]/.test(name);

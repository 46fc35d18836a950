// A PDF really encrypted with the standard security handler (revision 2: RC4, 40-bit key, as
// ISO 32000-1 §7.6.3 algorithms 2, 3 and 4 describe), so pdf.js's own decryption is exercised:
// with a user password it cannot open the file, with an empty one it decrypts and reads it.
import { createHash, randomBytes } from 'node:crypto';
import { PdfWriter } from './pdf-builder.js';

/** The standard security handler's password padding (ISO 32000-1 §7.6.3.3). */
export const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

/** RC4 over `data` with `key`: the cipher of revision 2. */
export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

export const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PAD]).subarray(0, 32);

/** A one-page PDF showing `lines` in Helvetica, RC4-encrypted; `userPassword` '' opens freely. */
export function encryptedPdf(lines: string[], userPassword: string, ownerPassword = 'owner'): Uint8Array {
  const id = randomBytes(16);
  const permissions = -4;
  const o = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(key, PAD);
  const objectKey = (num: number) =>
    md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);

  const w = new PdfWriter();
  w.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const [catalog, pages, font, page, content, encrypt] = [1, 2, 3, 4, 5, 6].map(() =>
    w.reserve(),
  ) as number[];
  w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  w.object(font!, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  w.object(
    page!,
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
  );
  const shown = lines.map((l) => `(${l.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`).join(' T* ');
  const plain = Buffer.from(`BT /F1 12 Tf 16 TL 72 770 Td ${shown} ET\n`, 'latin1');
  w.stream(content!, '', new Uint8Array(rc4(objectKey(content!), plain)));
  w.object(
    encrypt!,
    `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${permissions} >>`,
  );
  const hex = id.toString('hex');
  return w.finish(`/Root ${catalog} 0 R /Encrypt ${encrypt} 0 R /ID [<${hex}> <${hex}>]`);
}

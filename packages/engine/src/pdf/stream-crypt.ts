// The standard security handler's stream decryption, for a file that opens without a password
// (an empty user password: "owner restrictions only", common on invoices): pdf.js decrypts its
// streams and inflates them, so the stream budget (stream-budget.ts) has to see them decrypted
// too. Follows pdf.js's CipherTransformFactory (pdf.worker.mjs): revisions 2-4 (RC4, AES-128;
// ISO 32000-1 §7.6.3, algorithms 1 and 2) and 5-6 (AES-256; ISO 32000-2 §7.6.4.3, algorithm
// 2.B). A file that needs a password gets no key here: pdf.js refuses it (`encrypted_pdf`)
// before reading any encrypted stream.
import { createCipheriv, createDecipheriv, createHash, type Decipher } from 'node:crypto';

/** How the data of one stream is decrypted. */
export type StreamCipher = { kind: 'rc4'; key: Uint8Array } | { kind: 'aes'; key: Uint8Array };

/** The parts of the /Encrypt dictionary the key comes from, strings as bytes (Latin-1). */
export interface EncryptDict {
  filter?: string;
  v?: number;
  r?: number;
  length?: number;
  o?: string;
  u?: string;
  oe?: string;
  ue?: string;
  p?: number;
  encryptMetadata?: boolean;
  /** The crypt filter for streams (/StmF), and its /CFM and /Length from /CF. */
  stmF?: string;
  cfm?: string;
  cfLength?: number;
}

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

const bytes = (s: string | undefined) => Buffer.from(s ?? '', 'latin1');
const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/**
 * The file's key and how its streams are encrypted, when the empty user password opens it;
 * undefined when it does not (pdf.js then asks for a password) or the dictionary is not one
 * pdf.js reads.
 */
export function fileCipher(
  dict: EncryptDict,
  id: string,
): ((num: number, gen: number) => StreamCipher | undefined) | undefined {
  if (dict.filter !== 'Standard') return undefined;
  const { v, r } = dict;
  if (v !== 1 && v !== 2 && v !== 4 && v !== 5) return undefined;
  if (r === undefined) return undefined;
  let method: 'rc4' | 'aesv2' | 'aesv3' | 'none' = 'rc4';
  if (v === 4 || v === 5) {
    // /StmF names a crypt filter in /CF; Identity (the default) or none decrypts nothing.
    const cfm = dict.stmF && dict.stmF !== 'Identity' ? dict.cfm : undefined;
    method = cfm === 'V2' ? 'rc4' : cfm === 'AESV2' ? 'aesv2' : cfm === 'AESV3' ? 'aesv3' : 'none';
  }
  let keyLength = dict.length;
  if (!keyLength) {
    if (v <= 3) keyLength = 40;
    else {
      keyLength = dict.cfLength || 128;
      if (keyLength < 40) keyLength <<= 3;
    }
  }
  if (!Number.isInteger(keyLength) || keyLength < 40 || keyLength % 8 !== 0) return undefined;
  const o = bytes(dict.o);
  const u = bytes(dict.u);
  let key: Uint8Array | undefined;
  if (v === 5) {
    key = aes256Key(r, u, bytes(dict.ue));
  } else {
    // pdf.js appends 0xFFFFFFFF from revision 4 unless metadata is encrypted, which only a
    // version 4 (or 5) dictionary can say.
    const clearMetadata = r >= 4 && !(v === 4 && dict.encryptMetadata !== false);
    key = rc4Key(
      r,
      keyLength >> 3,
      o.subarray(0, 32),
      u.subarray(0, 32),
      dict.p ?? 0,
      bytes(id),
      clearMetadata,
    );
    if (key && v === 4 && key.length < 16) {
      const padded = new Uint8Array(16);
      padded.set(key);
      key = padded;
    }
  }
  if (!key) return undefined;
  const fileKey = key;
  return (num, gen) => {
    if (method === 'none') return undefined;
    if (method === 'aesv3') return fileKey.length === 32 ? { kind: 'aes', key: fileKey } : undefined;
    const aes = method === 'aesv2';
    const salt = aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0);
    const objectId = Buffer.from([
      num & 255,
      (num >> 8) & 255,
      (num >> 16) & 255,
      gen & 255,
      (gen >> 8) & 255,
    ]);
    const objectKey = md5(fileKey, objectId, salt).subarray(0, Math.min(fileKey.length + 5, 16));
    if (aes && objectKey.length !== 16) return undefined;
    return { kind: aes ? 'aes' : 'rc4', key: objectKey };
  };
}

/** Algorithm 2 with the empty password, checked against /U (algorithms 4 and 5). */
function rc4Key(
  r: number,
  n: number,
  o: Uint8Array,
  u: Uint8Array,
  p: number,
  id: Uint8Array,
  clearMetadata: boolean,
): Uint8Array | undefined {
  const flags = Buffer.from([p & 255, (p >> 8) & 255, (p >> 16) & 255, (p >>> 24) & 255]);
  let hash: Uint8Array = md5(PAD, o, flags, id, Buffer.alloc(clearMetadata ? 4 : 0, 0xff));
  if (r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash.subarray(0, n));
  const key = hash.subarray(0, n);
  let check: Uint8Array;
  if (r >= 3) {
    check = new Rc4(key).update(md5(PAD, id));
    for (let j = 1; j <= 19; j++) check = new Rc4(key.map((b) => b ^ j)).update(check);
  } else {
    check = new Rc4(key).update(PAD);
  }
  return check.every((b, k) => u[k] === b) ? key : undefined;
}

/** Revisions 5 and 6: the empty password's hash against /U's validation salt, then /UE. */
function aes256Key(r: number, u: Uint8Array, ue: Uint8Array): Uint8Array | undefined {
  if (u.length < 48 || ue.length < 32) return undefined;
  const hash = (input: Uint8Array) => (r === 6 ? hash2B(input) : createHash('sha256').update(input).digest());
  if (!Buffer.from(hash(u.subarray(32, 40))).equals(u.subarray(0, 32))) return undefined;
  const decipher = createDecipheriv('aes-256-cbc', hash(u.subarray(40, 48)), Buffer.alloc(16));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(ue.subarray(0, 32)), decipher.final()]);
}

/** Algorithm 2.B for the empty password and no user data (pdf.js's PDF20._hash). */
export function hash2B(input: Uint8Array): Uint8Array {
  let k: Uint8Array = createHash('sha256').update(input).digest();
  let e: Uint8Array = new Uint8Array([0]);
  for (let i = 0; i < 64 || e.at(-1)! > i - 32; i++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => k));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let j = 0; j < 16; j++) sum += e[j]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
  }
  return k.subarray(0, 32);
}

/** RC4, a byte at a time (OpenSSL 3 no longer offers it by default). */
class Rc4 {
  private readonly s = new Uint8Array(256);
  private i = 0;
  private j = 0;

  constructor(key: Uint8Array) {
    const s = this.s;
    for (let i = 0; i < 256; i++) s[i] = i;
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + s[i]! + key[i % key.length]!) & 255;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
    }
  }

  update(data: Uint8Array): Uint8Array {
    const s = this.s;
    const out = new Uint8Array(data.length);
    let { i, j } = this;
    for (let n = 0; n < data.length; n++) {
      i = (i + 1) & 255;
      j = (j + s[i]!) & 255;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
      out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
    }
    this.i = i;
    this.j = j;
    return out;
  }
}

/** A stream's data decrypted piece by piece, as it is fed (AES: the first 16 bytes are the IV). */
export class StreamDecrypter {
  private readonly rc4?: Rc4;
  private decipher?: Decipher;
  private iv = Buffer.alloc(0);

  constructor(private readonly cipher: StreamCipher) {
    if (cipher.kind === 'rc4') this.rc4 = new Rc4(cipher.key);
  }

  update(data: Uint8Array): Uint8Array {
    if (this.rc4) return this.rc4.update(data);
    if (!this.decipher) {
      const need = 16 - this.iv.length;
      this.iv = Buffer.concat([this.iv, data.subarray(0, need)]);
      if (this.iv.length < 16) return new Uint8Array(0);
      const algorithm = this.cipher.key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc';
      this.decipher = createDecipheriv(algorithm, this.cipher.key, this.iv);
      this.decipher.setAutoPadding(false);
      data = data.subarray(need);
    }
    return this.decipher.update(data);
  }
}

// Signed FatturaPA files (`.p7m`): a CMS / PKCS#7 SignedData envelope (RFC 5652) around the XML,
// in DER or BER (indefinite lengths, the content split into OCTET STRING chunks), sometimes as
// base64 text. We take the signed content out and say what we can about the signature without a
// trust chain: who signed (the certificate's subject CN) and whether the content still hashes to
// the messageDigest the signer signed. The signature value itself is not verified.
//
// The walker is small and bounded: nesting depth, element count, length fields of at most four
// bytes that must fit the input. Anything structurally wrong is a ReadError('malformed_signature').
import { createHash } from 'node:crypto';
import { ReadError } from '../errors.js';
import type { SignatureInfo } from '../result.js';

export interface SignedContent {
  content: Uint8Array;
  signature: SignatureInfo;
}

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_COMMON_NAME = '2.5.4.3';
const HASH_BY_OID: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
/** DER of OBJECT IDENTIFIER 1.2.840.113549.1.7.2. */
const SIGNED_DATA_OID_TLV = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];

const MAX_DEPTH = 64;
const MAX_NODES = 200_000;
/** Signed content wrapped in signed content (a file signed twice) is unwrapped this many times. */
const MAX_NESTING = 4;

// Universal tags.
const INTEGER = 2;
const OCTET_STRING = 4;
const OID = 6;
const SEQUENCE = 16;
const SET = 17;
// Classes.
const UNIVERSAL = 0;
const CONTEXT = 2;

interface Tlv {
  cls: number;
  constructed: boolean;
  tag: number;
  /** Offset of the identifier octet. */
  start: number;
  contentStart: number;
  /** End of the contents (before an end-of-contents marker). */
  contentEnd: number;
  /** End of the element, end-of-contents marker included. */
  end: number;
  children: Tlv[];
}

function malformed(message: string): never {
  throw new ReadError('malformed_signature', message);
}

/** Parses one BER element at `pos` that must end by `limit`, with its descendants. */
function parseBer(buf: Uint8Array, pos: number, limit: number): Tlv {
  let nodes = 0;
  const parse = (at: number, end: number, depth: number): Tlv => {
    if (depth > MAX_DEPTH) malformed('the signature structure is nested too deeply');
    if (++nodes > MAX_NODES) malformed('the signature structure has too many elements');
    let p = at;
    if (p >= end) malformed('the signature structure is truncated');
    const id = buf[p++]!;
    const cls = id >> 6;
    const constructed = (id & 0x20) !== 0;
    let tag = id & 0x1f;
    if (tag === 0x1f) {
      tag = 0;
      for (let n = 0; ; n++) {
        if (p >= end || n >= 4) malformed('a malformed tag in the signature structure');
        const b = buf[p++]!;
        tag = tag * 128 + (b & 0x7f);
        if (!(b & 0x80)) break;
      }
    }
    if (cls === UNIVERSAL && tag === 0) {
      malformed(`an invalid element (universal tag 0) at byte ${at} of the signature structure`);
    }
    if (p >= end) malformed('the signature structure is truncated');
    const first = buf[p++]!;
    let length = -1;
    if (first < 0x80) {
      length = first;
    } else if (first > 0x80) {
      const n = first & 0x7f;
      if (n > 4) malformed('a length field too long in the signature structure');
      if (p + n > end) malformed('the signature structure is truncated');
      length = 0;
      for (let i = 0; i < n; i++) length = length * 256 + buf[p++]!;
    } else if (!constructed) {
      malformed('an indefinite length on a primitive element of the signature structure');
    }
    const node: Tlv = {
      cls,
      constructed,
      tag,
      start: at,
      contentStart: p,
      contentEnd: p,
      end: p,
      children: [],
    };
    if (length >= 0) {
      if (length > end - p) malformed(`the element at byte ${at} runs past the end of its enclosing element`);
      node.contentEnd = node.end = p + length;
      if (constructed) {
        for (let q = p; q < node.contentEnd; ) {
          const c = parse(q, node.contentEnd, depth + 1);
          node.children.push(c);
          q = c.end;
        }
      }
      return node;
    }
    for (let q = p; ; ) {
      if (q + 1 < end && buf[q] === 0 && buf[q + 1] === 0) {
        node.contentEnd = q;
        node.end = q + 2;
        return node;
      }
      if (q >= end) malformed(`the end-of-contents marker of the element at byte ${at} is missing`);
      const c = parse(q, end, depth + 1);
      node.children.push(c);
      q = c.end;
    }
  };
  return parse(pos, limit, 0);
}

const is = (n: Tlv | undefined, cls: number, tag: number): n is Tlv => !!n && n.cls === cls && n.tag === tag;

function expect(n: Tlv | undefined, cls: number, tag: number, what: string): Tlv {
  if (!is(n, cls, tag)) malformed(`${what} is missing or malformed in the signature`);
  return n;
}

function expectConstructed(n: Tlv | undefined, cls: number, tag: number, what: string): Tlv {
  const node = expect(n, cls, tag, what);
  if (!node.constructed) malformed(`${what} is malformed in the signature`);
  return node;
}

/** OBJECT IDENTIFIER contents as dotted decimal. */
function oidOf(buf: Uint8Array, n: Tlv): string {
  if (n.constructed || n.contentEnd === n.contentStart || n.contentEnd - n.contentStart > 64) {
    malformed('a malformed object identifier in the signature');
  }
  const parts: number[] = [];
  let value = 0;
  for (let i = n.contentStart; i < n.contentEnd; i++) {
    const b = buf[i]!;
    value = value * 128 + (b & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 256) malformed('a malformed object identifier in the signature');
    if (!(b & 0x80)) {
      if (!parts.length)
        parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else parts.push(value);
      value = 0;
    } else if (i === n.contentEnd - 1) {
      malformed('a malformed object identifier in the signature');
    }
  }
  return parts.join('.');
}

/** The bytes of an OCTET STRING, joining the chunks of a constructed (BER) one. */
function octetsOf(buf: Uint8Array, n: Tlv): Uint8Array {
  if (!n.constructed) return buf.subarray(n.contentStart, n.contentEnd);
  const chunks: Uint8Array[] = [];
  const collect = (node: Tlv): void => {
    for (const c of node.children) {
      if (!is(c, UNIVERSAL, OCTET_STRING)) malformed('a constructed OCTET STRING holds something else');
      if (c.constructed) collect(c);
      else chunks.push(buf.subarray(c.contentStart, c.contentEnd));
    }
  };
  collect(n);
  return Buffer.concat(chunks);
}

const bytesEqual = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

/** The DER (or BER) bytes, decoding base64 text (PEM armour allowed) when the input is that. */
function binaryOf(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes[0] === 0x30) return bytes;
  const text = Buffer.from(bytes).toString('latin1');
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/[\s]+/g, '');
  if (!body || body.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  const decoded = Buffer.from(body, 'base64');
  return decoded[0] === 0x30 ? new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.length) : undefined;
}

/** Whether the bytes are a CMS SignedData: a SEQUENCE starting with the signedData OID, or base64 of one. */
export function looksLikeCms(bytes: Uint8Array): boolean {
  const head = bytes[0] === 0x30 ? bytes : base64Head(bytes);
  if (!head || head.length < 2 || head[0] !== 0x30) return false;
  const first = head[1]!;
  if (first > 0x84) return false;
  const offset = first <= 0x80 ? 2 : 2 + (first & 0x7f);
  return SIGNED_DATA_OID_TLV.every((b, i) => head[offset + i] === b);
}

/** The first bytes that the start of base64 text (PEM armour allowed) decodes to. */
function base64Head(bytes: Uint8Array): Uint8Array | undefined {
  const text = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const body = text
    .replace(/-----BEGIN [A-Z0-9 ]+-----/, '')
    .replace(/\s+/g, '')
    .slice(0, 64);
  if (body.length < 24 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  return Buffer.from(body.slice(0, body.length - (body.length % 4)), 'base64');
}

/**
 * The signed content of a CMS SignedData (unwrapping a file signed more than once), the signer's
 * name and whether the content matches the signed message digest.
 */
export function extractSignedContent(bytes: Uint8Array): SignedContent {
  let current = bytes;
  let signer: string | undefined;
  const digests: Array<boolean | undefined> = [];
  for (let level = 0; ; level++) {
    const layer = readLayer(current);
    signer ??= layer.signer;
    digests.push(layer.digestMatches);
    current = layer.content;
    if (level + 1 >= MAX_NESTING || !looksLikeCms(current)) break;
  }
  const digestMatches = digests.includes(false) ? false : digests.every((d) => d === true) ? true : undefined;
  const signature: SignatureInfo = { present: true, verified: false };
  if (signer) signature.signer = signer;
  if (digestMatches !== undefined) signature.digestMatches = digestMatches;
  return { content: current, signature };
}

interface Layer {
  content: Uint8Array;
  signer?: string;
  digestMatches?: boolean;
}

function readLayer(input: Uint8Array): Layer {
  const buf = binaryOf(input);
  if (!buf) malformed('the file is not a DER, BER or base64 CMS structure');
  const contentInfo = expectConstructed(parseBer(buf, 0, buf.length), UNIVERSAL, SEQUENCE, 'ContentInfo');
  const [typeOid, explicit] = contentInfo.children;
  const type = oidOf(buf, expect(typeOid, UNIVERSAL, OID, 'the content type'));
  if (type !== OID_SIGNED_DATA) malformed(`the CMS content type ${type} is not signedData`);
  const wrapper = expectConstructed(explicit, CONTEXT, 0, 'the SignedData content');
  const signedData = expectConstructed(wrapper.children[0], UNIVERSAL, SEQUENCE, 'SignedData');
  const parts = signedData.children;
  expect(parts[0], UNIVERSAL, INTEGER, 'the SignedData version');
  expectConstructed(parts[1], UNIVERSAL, SET, 'digestAlgorithms');
  const encap = expectConstructed(parts[2], UNIVERSAL, SEQUENCE, 'encapContentInfo');
  expect(encap.children[0], UNIVERSAL, OID, 'the encapsulated content type');
  const eContentWrapper = encap.children[1];
  if (!eContentWrapper) malformed('the signature is detached: the signed content is not in the file');
  const eContentExplicit = expectConstructed(eContentWrapper, CONTEXT, 0, 'eContent');
  const content = octetsOf(buf, expect(eContentExplicit.children[0], UNIVERSAL, OCTET_STRING, 'eContent'));

  let certificates: Tlv[] = [];
  let signerInfos: Tlv | undefined;
  for (const part of parts.slice(3)) {
    if (is(part, CONTEXT, 0)) certificates = part.children;
    else if (is(part, UNIVERSAL, SET)) signerInfos = part;
  }
  if (!signerInfos?.constructed) malformed('signerInfos is missing or malformed in the signature');

  const layer: Layer = { content };
  // Hash the content once per algorithm, however many signers name it.
  const hashes = new Map<string, Uint8Array>();
  const hashOf = (algorithm: string) => {
    let h = hashes.get(algorithm);
    if (!h) {
      h = createHash(algorithm).update(content).digest();
      hashes.set(algorithm, h);
    }
    return h;
  };
  const results = signerInfos.children.map((info) => digestMatchOf(buf, info, hashOf));
  if (results.includes(false)) layer.digestMatches = false;
  else if (results.length && results.every((r) => r === true)) layer.digestMatches = true;
  const signer = signerName(buf, signerInfos.children[0], certificates);
  if (signer) layer.signer = signer;
  return layer;
}

/** Compares the content's hash with the signed messageDigest attribute, where there is one. */
function digestMatchOf(
  buf: Uint8Array,
  info: Tlv,
  hashOf: (algorithm: string) => Uint8Array,
): boolean | undefined {
  const parts = expectConstructed(info, UNIVERSAL, SEQUENCE, 'SignerInfo').children;
  const algorithm = expectConstructed(parts[2], UNIVERSAL, SEQUENCE, 'the signer digest algorithm');
  const hash = HASH_BY_OID[oidOf(buf, expect(algorithm.children[0], UNIVERSAL, OID, 'the digest algorithm'))];
  const signedAttrs = parts[3];
  if (!is(signedAttrs, CONTEXT, 0) || !signedAttrs.constructed) return undefined;
  for (const attr of signedAttrs.children) {
    const [attrType, values] = expectConstructed(attr, UNIVERSAL, SEQUENCE, 'a signed attribute').children;
    if (oidOf(buf, expect(attrType, UNIVERSAL, OID, 'a signed attribute type')) !== OID_MESSAGE_DIGEST)
      continue;
    const value = expectConstructed(values, UNIVERSAL, SET, 'the messageDigest values').children[0];
    const digest = octetsOf(buf, expect(value, UNIVERSAL, OCTET_STRING, 'the messageDigest'));
    if (!hash) return undefined;
    return bytesEqual(hashOf(hash), digest);
  }
  return undefined;
}

/** The subject CN of the signer's certificate (by issuer and serial number), else of the first one. */
function signerName(buf: Uint8Array, info: Tlv | undefined, certificates: Tlv[]): string | undefined {
  const certs = certificates.filter((c) => is(c, UNIVERSAL, SEQUENCE) && c.constructed);
  const sid = info?.children[1];
  let chosen = certs[0];
  if (is(sid, UNIVERSAL, SEQUENCE) && sid.constructed && sid.children.length === 2) {
    const [issuer, serial] = sid.children as [Tlv, Tlv];
    const issuerBytes = buf.subarray(issuer.start, issuer.end);
    const serialBytes = buf.subarray(serial.contentStart, serial.contentEnd);
    const match = certs.find((c) => {
      const tbs = tbsFields(c);
      return (
        !!tbs.serial &&
        !!tbs.issuer &&
        bytesEqual(buf.subarray(tbs.serial.contentStart, tbs.serial.contentEnd), serialBytes) &&
        bytesEqual(buf.subarray(tbs.issuer.start, tbs.issuer.end), issuerBytes)
      );
    });
    if (match) chosen = match;
  }
  const subject = chosen && tbsFields(chosen).subject;
  return subject ? commonName(buf, subject) : undefined;
}

/** serial, issuer and subject of a Certificate's TBSCertificate (the version [0] is optional). */
function tbsFields(cert: Tlv): { serial?: Tlv; issuer?: Tlv; subject?: Tlv } {
  const tbs = cert.children[0];
  if (!is(tbs, UNIVERSAL, SEQUENCE) || !tbs.constructed) return {};
  const f = is(tbs.children[0], CONTEXT, 0) ? tbs.children.slice(1) : tbs.children;
  const ok = (n: Tlv | undefined, tag: number) => (is(n, UNIVERSAL, tag) ? n : undefined);
  return { serial: ok(f[0], INTEGER), issuer: ok(f[2], SEQUENCE), subject: ok(f[4], SEQUENCE) };
}

/** The first commonName of an X.501 Name (SEQUENCE OF SET OF AttributeTypeAndValue). */
function commonName(buf: Uint8Array, name: Tlv): string | undefined {
  for (const rdn of name.children) {
    for (const atv of rdn.children) {
      const [type, value] = atv.children;
      if (!is(type, UNIVERSAL, OID) || !value || value.constructed) continue;
      if (oidOf(buf, type) !== OID_COMMON_NAME) continue;
      const raw = buf.subarray(value.contentStart, value.contentEnd);
      const text =
        value.tag === 30 ? decodeBmp(raw) : Buffer.from(raw).toString(value.tag === 12 ? 'utf8' : 'latin1');
      return text.trim() || undefined;
    }
  }
  return undefined;
}

function decodeBmp(raw: Uint8Array): string {
  let s = '';
  for (let i = 0; i + 1 < raw.length; i += 2) s += String.fromCharCode((raw[i]! << 8) | raw[i + 1]!);
  return s;
}

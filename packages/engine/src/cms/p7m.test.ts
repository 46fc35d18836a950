import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ReadError } from '../errors.js';
import { decodeXml } from '../xml/decode.js';
import { fatturaPaReader } from '../xml/fatturapa.js';
import { parseXml } from '../xml/parse.js';
import { extractSignedContent, looksLikeCms } from './p7m.js';

// --- a tiny DER/BER encoder to build SignedData by hand -----------------------------------------

type Bytes = number[];

function lengthOf(n: number): Bytes {
  if (n < 0x80) return [n];
  const out: Bytes = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return [0x80 | out.length, ...out];
}

/** A definite-length TLV. */
const tlv = (tag: number, ...parts: Bytes[]): Bytes => {
  const content = parts.flat();
  return [tag, ...lengthOf(content.length), ...content];
};
/** A constructed TLV with an indefinite length and end-of-contents. */
const indef = (tag: number, ...parts: Bytes[]): Bytes => [tag | 0x20, 0x80, ...parts.flat(), 0, 0];

function oid(dotted: string): Bytes {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const body: Bytes = [a! * 40 + b!];
  for (const v of rest) {
    const chunk: Bytes = [v & 0x7f];
    for (let x = Math.floor(v / 128); x > 0; x = Math.floor(x / 128)) chunk.unshift((x & 0x7f) | 0x80);
    body.push(...chunk);
  }
  return tlv(0x06, body);
}

const bytes = (s: string): Bytes => [...Buffer.from(s, 'utf8')];
const SEQ = 0x30;
const SET = 0x31;
const seq = (...p: Bytes[]) => tlv(SEQ, ...p);
const set = (...p: Bytes[]) => tlv(SET, ...p);
const int = (n: number): Bytes => tlv(0x02, [n]);
const octets = (b: Bytes): Bytes => tlv(0x04, b);
const ctx = (n: number, ...p: Bytes[]) => tlv(0xa0 | n, ...p);
const nameCn = (cn: string): Bytes =>
  seq(set(seq(oid('2.5.4.6'), tlv(0x13, bytes('IT')))), set(seq(oid('2.5.4.3'), tlv(0x0c, bytes(cn)))));

const OIDS = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  md5: '1.2.840.113549.2.5',
  rsa: '1.2.840.113549.1.1.1',
};

function certificate(cn: string, serial: number): Bytes {
  const tbs = seq(
    ctx(0, int(2)),
    int(serial),
    seq(oid('1.2.840.113549.1.1.11')),
    nameCn('Test CA'),
    seq(tlv(0x17, bytes('240101000000Z')), tlv(0x17, bytes('300101000000Z'))),
    nameCn(cn),
    seq(seq(oid(OIDS.rsa)), tlv(0x03, [0, 1, 2, 3])),
  );
  return seq(tbs, seq(oid('1.2.840.113549.1.1.11')), tlv(0x03, [0, 9, 9, 9]));
}

interface BuildOptions {
  content?: Bytes;
  /** Hash algorithm named in the SignerInfo, and used for the messageDigest unless `digest` is given. */
  hash?: 'sha1' | 'sha256' | 'sha384' | 'sha512' | 'md5';
  digest?: Bytes;
  signedAttrs?: boolean;
  ber?: boolean;
  /** Chunk size of the constructed OCTET STRING in BER. */
  chunk?: number;
  detached?: boolean;
  /** Certificates as [CN, serial]; the signer is the one with `signerSerial`. */
  certs?: Array<[string, number]>;
  signerSerial?: number;
  contentInfoOid?: string;
}

const CONTENT = bytes('<?xml version="1.0"?><p:FatturaElettronica versione="FPR12"/>');

function buildCms(o: BuildOptions = {}): Uint8Array {
  const content = o.content ?? CONTENT;
  const hash = o.hash ?? 'sha256';
  const digest = o.digest ?? [...createHash(hash).update(Buffer.from(content)).digest()];
  const certs = o.certs ?? [['Mario Rossi', 7]];
  const signerSerial = o.signerSerial ?? certs[0]?.[1] ?? 1;
  const ber = o.ber ?? false;
  const cons = (tag: number, ...p: Bytes[]) => (ber ? indef(tag, ...p) : tlv(tag, ...p));

  let eContent: Bytes;
  if (ber) {
    const size = o.chunk ?? 5;
    const chunks: Bytes[] = [];
    for (let i = 0; i < content.length; i += size) chunks.push(octets(content.slice(i, i + size)));
    // Split again one level down: a constructed OCTET STRING inside the constructed one.
    const half = Math.ceil(chunks.length / 2);
    eContent = indef(0x04, ...chunks.slice(0, half), indef(0x04, ...chunks.slice(half)));
  } else {
    eContent = octets(content);
  }
  const encap = o.detached ? cons(SEQ, oid(OIDS.data)) : cons(SEQ, oid(OIDS.data), cons(0xa0, eContent));
  const attrs = tlv(
    0xa0,
    seq(oid(OIDS.contentType), set(oid(OIDS.data))),
    seq(oid(OIDS.messageDigest), set(octets(digest))),
  );
  const signerInfo = seq(
    int(1),
    seq(nameCn('Test CA'), int(signerSerial)),
    seq(oid(OIDS[hash])),
    ...(o.signedAttrs === false ? [] : [attrs]),
    seq(oid(OIDS.rsa)),
    octets([1, 2, 3, 4]),
  );
  const signedData = cons(
    SEQ,
    int(1),
    set(seq(oid(OIDS[hash]))),
    encap,
    ...(certs.length ? [cons(0xa0, ...certs.map(([cn, serial]) => certificate(cn, serial)))] : []),
    cons(SET, signerInfo),
  );
  return Uint8Array.from(cons(SEQ, oid(o.contentInfoOid ?? OIDS.signedData), cons(0xa0, signedData)));
}

function malformedError(fn: () => unknown): ReadError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ReadError) return err;
    throw err;
  }
  throw new Error('expected a ReadError');
}

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

describe('extractSignedContent on hand-built CMS', () => {
  it('reads DER with definite lengths', () => {
    const r = extractSignedContent(buildCms());
    expect(text(r.content)).toBe(text(Uint8Array.from(CONTENT)));
    expect(r.signature).toEqual({
      present: true,
      verified: false,
      signer: 'Mario Rossi',
      digestMatches: true,
    });
  });

  it('reads BER with indefinite lengths and nested chunked OCTET STRINGs', () => {
    for (const chunk of [1, 3, 7, 1000]) {
      const r = extractSignedContent(buildCms({ ber: true, chunk }));
      expect(text(r.content), `chunk ${chunk}`).toBe(text(Uint8Array.from(CONTENT)));
      expect(r.signature.digestMatches).toBe(true);
      expect(r.signature.signer).toBe('Mario Rossi');
    }
  });

  it('handles long-form lengths', () => {
    const content = bytes('x'.repeat(70_000));
    const r = extractSignedContent(buildCms({ content }));
    expect(r.content.length).toBe(70_000);
    expect(r.signature.digestMatches).toBe(true);
  });

  it.each(['sha1', 'sha384', 'sha512'] as const)('checks a %s messageDigest', (hash) => {
    expect(extractSignedContent(buildCms({ hash })).signature.digestMatches).toBe(true);
  });

  it('reports a content that does not match the signed digest', () => {
    const digest = [...createHash('sha256').update('something else').digest()];
    const r = extractSignedContent(buildCms({ digest }));
    expect(r.signature).toEqual({
      present: true,
      verified: false,
      signer: 'Mario Rossi',
      digestMatches: false,
    });
  });

  it('leaves digestMatches out without signed attributes or with an unknown hash', () => {
    expect(extractSignedContent(buildCms({ signedAttrs: false })).signature).not.toHaveProperty(
      'digestMatches',
    );
    expect(extractSignedContent(buildCms({ hash: 'md5' })).signature).not.toHaveProperty('digestMatches');
  });

  it("names the signer from the certificate matching the SignerInfo's serial number", () => {
    const cms = buildCms({
      certs: [
        ['Intermediate CA', 1],
        ['Giulia Verdi', 42],
      ],
      signerSerial: 42,
    });
    expect(extractSignedContent(cms).signature.signer).toBe('Giulia Verdi');
    expect(extractSignedContent(buildCms({ certs: [] })).signature).not.toHaveProperty('signer');
  });

  it('reads base64 text, with or without PEM armour', () => {
    const b64 = Buffer.from(buildCms({ ber: true })).toString('base64');
    const wrapped = b64.replace(/(.{64})/g, '$1\r\n');
    for (const input of [b64, wrapped, `-----BEGIN PKCS7-----\n${wrapped}\n-----END PKCS7-----\n`]) {
      const r = extractSignedContent(new TextEncoder().encode(input));
      expect(text(r.content)).toBe(text(Uint8Array.from(CONTENT)));
      expect(r.signature.digestMatches).toBe(true);
    }
  });

  it('unwraps a file signed twice', () => {
    const inner = buildCms({ certs: [['Inner Signer', 3]] });
    const outer = buildCms({ content: [...inner], certs: [['Outer Signer', 4]], ber: true });
    const r = extractSignedContent(outer);
    expect(text(r.content)).toBe(text(Uint8Array.from(CONTENT)));
    expect(r.signature).toMatchObject({ signer: 'Outer Signer', digestMatches: true });
  });

  describe('malformed input -> malformed_signature', () => {
    const cases: Array<[string, Uint8Array]> = [
      ['empty input', new Uint8Array()],
      ['garbage', Uint8Array.from([0x30, 0x03, 0xff, 0xff, 0xff])],
      ['text that is not base64', new TextEncoder().encode('hello, world')],
      ['a length beyond the input', Uint8Array.from([0x30, 0x84, 0x7f, 0xff, 0xff, 0xff, 0x06, 0x00])],
      ['a length field of five bytes', Uint8Array.from([0x30, 0x85, 0, 0, 0, 0, 1, 0])],
      [
        'an indefinite length on a primitive',
        Uint8Array.from([0x30, 0x80, 0x04, 0x80, 0x00, 0x00, 0x00, 0x00]),
      ],
      ['a missing end-of-contents', Uint8Array.from([0x30, 0x80, 0x02, 0x01, 0x01])],
      ['another content type', buildCms({ contentInfoOid: '1.2.840.113549.1.7.3' })],
      ['a detached signature', buildCms({ detached: true })],
      [
        'a constructed OCTET STRING holding something else',
        Uint8Array.from(
          tlv(
            SEQ,
            oid(OIDS.signedData),
            tlv(0xa0, seq(int(1), set(), seq(oid(OIDS.data), tlv(0xa0, tlv(0x24, int(5)))), set())),
          ),
        ),
      ],
      ['nesting too deep', Uint8Array.from([...Array(100).fill([0x30, 0x80]).flat(), ...Array(200).fill(0)])],
    ];
    it.each(cases)('%s', (_name, input) => {
      expect(malformedError(() => extractSignedContent(input)).code).toBe('malformed_signature');
    });

    it('every truncation of a DER and a BER envelope', () => {
      for (const full of [buildCms(), buildCms({ ber: true, chunk: 4 })]) {
        for (let n = 0; n < full.length; n++) {
          const err = malformedError(() => extractSignedContent(full.subarray(0, n)));
          expect(err.code, `truncated to ${n}`).toBe('malformed_signature');
        }
      }
    });
  });
});

describe('looksLikeCms', () => {
  it('recognises DER, BER and base64 SignedData', () => {
    expect(looksLikeCms(buildCms())).toBe(true);
    expect(looksLikeCms(buildCms({ ber: true }))).toBe(true);
    expect(looksLikeCms(buildCms({ content: bytes('y'.repeat(70_000)) }))).toBe(true);
    const b64 = Buffer.from(buildCms({ ber: true }))
      .toString('base64')
      .replace(/(.{76})/g, '$1\n');
    expect(looksLikeCms(new TextEncoder().encode(b64))).toBe(true);
    expect(looksLikeCms(new TextEncoder().encode(`-----BEGIN PKCS7-----\n${b64}`))).toBe(true);
  });

  it('refuses other content', () => {
    expect(looksLikeCms(new Uint8Array())).toBe(false);
    expect(looksLikeCms(buildCms({ contentInfoOid: '1.2.840.113549.1.7.3' }))).toBe(false);
    expect(looksLikeCms(new TextEncoder().encode('<?xml version="1.0"?><a/>'))).toBe(false);
    expect(looksLikeCms(new TextEncoder().encode('%PDF-1.7'))).toBe(false);
    expect(looksLikeCms(Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toBe(false);
    expect(looksLikeCms(new TextEncoder().encode('SGVsbG8sIHdvcmxkISBIZWxsbywgd29ybGQh'))).toBe(false);
  });
});

// --- the shared corpus -------------------------------------------------------------------------

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const VALID = path.join(corpusDir, 'einvoice/fatturapa-dotnet/IT02182030391_31.xml.p7m');
const TAMPERED = path.join(corpusDir, 'einvoice/invalid/fatturapa-dotnet/IT02182030391_31_tampered.xml.p7m');

describe.skipIf(!existsSync(VALID) || !existsSync(TAMPERED))('corpus .p7m files', () => {
  it('extracts the FatturaPA from the signed file and checks its digest', () => {
    const bytes = readFileSync(VALID);
    expect(looksLikeCms(bytes)).toBe(true);
    const r = extractSignedContent(bytes);
    expect(r.signature).toEqual({
      present: true,
      verified: false,
      signer: 'GARDINI STEFANO',
      digestMatches: true,
    });
    const doc = fatturaPaReader.read(parseXml(decodeXml(r.content)));
    expect(doc).toMatchObject({ number: '2', issue_date: '2018-06-08', currency: 'EUR' });
    expect(doc.seller.name).toBe('Azienda di esempio');
    expect(doc.totals.gross).toBe('122.00');
  });

  it('reads the same file given as base64 text', () => {
    const b64 = readFileSync(VALID)
      .toString('base64')
      .replace(/(.{64})/g, '$1\n');
    const r = extractSignedContent(new TextEncoder().encode(b64));
    expect(r.signature.digestMatches).toBe(true);
    expect(r.content.length).toBe(extractSignedContent(readFileSync(VALID)).content.length);
  });

  it('reports a digest mismatch when the signed XML is changed in place', () => {
    const bytes = Buffer.from(readFileSync(VALID));
    const at = bytes.indexOf('<Numero>2</Numero>') + '<Numero>'.length;
    bytes[at] = '3'.charCodeAt(0);
    const r = extractSignedContent(bytes);
    expect(r.signature.digestMatches).toBe(false);
    expect(text(r.content)).toContain('<Numero>3</Numero>');
  });

  it('refuses the tampered file: its edit broke the BER chunk lengths', () => {
    // The tampered copy has one byte more inside the first 1000-byte content chunk (the phone
    // number 345/555444 became 345/5421551) without the chunk length being fixed, so the
    // envelope no longer parses: the element after the chunk starts in the middle of the XML.
    const bytes = readFileSync(TAMPERED);
    expect(looksLikeCms(bytes)).toBe(true);
    const err = malformedError(() => extractSignedContent(bytes));
    expect(err.code).toBe('malformed_signature');
    expect(err.message).toMatch(/byte 1058/);
  });

  it('never throws anything but a ReadError on damaged copies of the corpus file', () => {
    const original = readFileSync(VALID);
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 300; i++) {
      const copy = Buffer.from(original);
      const at = Math.floor(random() * copy.length);
      copy[at] = Math.floor(random() * 256);
      const input = i % 3 === 0 ? copy.subarray(0, Math.floor(random() * copy.length)) : copy;
      try {
        extractSignedContent(input);
      } catch (err) {
        expect(err).toBeInstanceOf(ReadError);
        expect((err as ReadError).code).toBe('malformed_signature');
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { decodeXml } from './decode.js';
import { parseXml, XmlError } from './parse.js';
import { find, findAll, textOf, xpathOf } from './query.js';

function errorOf(fn: () => unknown): XmlError {
  try {
    fn();
  } catch (err) {
    if (err instanceof XmlError) return err;
    throw err;
  }
  throw new Error('expected an XmlError');
}

describe('parseXml', () => {
  it('builds a namespace-aware tree with text, attributes and CDATA', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- c --><a:Root xmlns:a="urn:a" xmlns="urn:d"><b x="1 &amp; 2">t&lt;1&#x41;&#66;</b><![CDATA[<raw>]]><c/></a:Root>',
    );
    expect(root.local).toBe('Root');
    expect(root.ns).toBe('urn:a');
    expect(root.children.map((c) => [c.local, c.ns])).toEqual([
      ['b', 'urn:d'],
      ['c', 'urn:d'],
    ]);
    expect(root.children[0]!.attrs.x).toBe('1 & 2');
    expect(root.children[0]!.text).toBe('t<1AB');
    expect(root.text).toBe('<raw>');
  });

  it('finds along every branch and gives XPaths with positions', () => {
    const root = parseXml('<r><p><q>1</q></p><p><z>2</z></p><p><z>3</z></p></r>');
    const z = find(root, 'p/z');
    expect(textOf(z)).toBe('2');
    expect(findAll(root, 'p/z').map(textOf)).toEqual(['2', '3']);
    expect(xpathOf(z!)).toBe('/r/p[2]/z');
  });

  it('expands internal entities within bounds', () => {
    const root = parseXml('<!DOCTYPE r [<!ENTITY co "ACME &amp; Co">]><r>&co;</r>');
    expect(root.text).toBe('ACME & Co');
  });

  it('refuses a billion-laughs document quickly', () => {
    const levels = ['<!ENTITY l0 "lol">'];
    for (let i = 1; i < 10; i++) levels.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`);
    const xml = `<?xml version="1.0"?><!DOCTYPE r [${levels.join('')}]><r>&l9;</r>`;
    const err = errorOf(() => parseXml(xml));
    expect(err.code).toBe('unsafe_xml');
  });

  it('never resolves external entities', () => {
    const xml = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    expect(errorOf(() => parseXml(xml)).code).toBe('unsafe_xml');
    const param = '<!DOCTYPE r [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]><r/>';
    expect(errorOf(() => parseXml(param)).code).toBe('unsafe_xml');
  });

  it('bounds nesting depth', () => {
    const xml = `${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}`;
    expect(errorOf(() => parseXml(xml)).code).toBe('unsafe_xml');
  });

  it.each([
    ['<a><b></a>', 'mismatched end tag'],
    ['<a>', 'unclosed element'],
    ['<a/><b/>', 'two roots'],
    ['<a x="1" x="2"/>', 'duplicate attribute'],
    ['<a>&nope;</a>', 'undeclared entity'],
    ['<a>AT&T</a>', 'bare ampersand'],
    ['<p:a/>', 'undeclared prefix'],
    ['text', 'no element'],
    ['<a x=1/>', 'unquoted attribute'],
    ['<a><!-- never closed</a>', 'unterminated comment'],
  ])('rejects %s (%s) as malformed', (xml) => {
    expect(errorOf(() => parseXml(xml)).code).toBe('malformed_xml');
  });
});

describe('decodeXml', () => {
  it('honours the declared encoding', () => {
    const bytes = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><r>', 'latin1'),
      Buffer.from([0x80, 0xe4]),
      Buffer.from('</r>'),
    ]);
    expect(parseXml(decodeXml(bytes)).text).toBe('€ä');
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<r>ü</r>', 'utf16le')]);
    expect(parseXml(decodeXml(bytes)).text).toBe('ü');
  });

  it('rejects bytes that are not valid in the declared encoding, and unknown encodings', () => {
    expect(() => decodeXml(Buffer.from([0x3c, 0x72, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x72, 0x3e]))).toThrow(
      XmlError,
    );
    expect(() => decodeXml(Buffer.from('<?xml version="1.0" encoding="klingon"?><r/>'))).toThrow(/unknown/);
  });
});

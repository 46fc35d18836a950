// A small ISO Schematron (queryBinding xslt2) to XSLT 3.0 compiler for tests, so KoSIT's
// XRechnung rules and OpenPeppol's Peppol BIS rules (.sch sources) run in Node like CEN's
// precompiled EN 16931 ones: the XSLT it writes goes through `xslt3` to a SEF and SaxonJS. It
// covers what those sources use: includes, global (schema- and pattern-level) and rule-level lets,
// XSLT functions declared in the schema, rules in first-match order per pattern, asserts and
// reports with <name/> and <value-of/>, written as SVRL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: saxon-js ships no types
import SaxonJS from 'saxon-js';

type Piece = { t: string } | { k: string; s: string };
interface Item {
  kind: 'let' | 'assert' | 'report';
  name: string;
  value: string;
  test: string;
  id: string;
  flag: string;
  text: Piece[];
}
interface Pattern {
  lets: Item[];
  rules: Array<{ context: string; items: Item[] }>;
}

// Reads the schema's structure into JSON with XPath 3.1 (SaxonJS parses the XML).
const OUTLINE = `
  let $item := function($c) { map {
    'kind': local-name($c), 'name': string($c/@name), 'value': string($c/@value),
    'test': string($c/@test), 'id': string($c/@id), 'flag': string($c/@flag),
    'text': array { for $n in $c/node() return
      if ($n instance of text()) then map { 't': string($n) }
      else map { 'k': local-name($n), 's': string(($n/@select, $n/@path)[1]) } } } }
  return serialize(map {
    'ns': array { for $n in //sch:ns return map { 'prefix': string($n/@prefix), 'uri': string($n/@uri) } },
    'lets': array { for $l in /sch:schema/sch:let return $item($l) },
    'functions': array { for $f in /sch:schema/xsl:function return serialize($f) },
    'includes': array { for $i in //sch:include return string($i/@href) },
    'patterns': array { for $p in (/sch:pattern, //sch:schema/sch:pattern) return map {
      'lets': array { for $l in $p/sch:let return $item($l) },
      'rules': array { for $r in $p/sch:rule return map {
        'context': string($r/@context),
        'items': array { for $c in $r/(sch:let | sch:assert | sch:report) return $item($c) } } } } }
  }, map { 'method': 'json' })`;

interface Outline {
  ns: Array<{ prefix: string; uri: string }>;
  lets: Item[];
  functions: string[];
  includes: string[];
  patterns: Pattern[];
}

function outline(file: string): Outline {
  const xml = readFileSync(file, 'utf8');
  const doc = SaxonJS.XPath.evaluate('parse-xml($src)', null, { params: { src: xml } });
  const json = SaxonJS.XPath.evaluate(OUTLINE, doc, {
    namespaceContext: {
      sch: 'http://purl.oclc.org/dsdl/schematron',
      xsl: 'http://www.w3.org/1999/XSL/Transform',
    },
  }) as string;
  const o = JSON.parse(json) as Outline;
  for (const href of o.includes) {
    const included = outline(path.resolve(path.dirname(file), href));
    o.patterns.unshift(...included.patterns);
    o.lets.unshift(...included.lets);
    o.functions.unshift(...included.functions);
  }
  return o;
}

const attr = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const message = (pieces: Piece[]) =>
  pieces
    .map((p) =>
      't' in p
        ? `<xsl:text>${attr(p.t)}</xsl:text>`
        : // <name/> is the context's name, <name path="…"/> that of the path, <value-of select="…"/> a value.
          p.k === 'name'
          ? `<xsl:value-of select="name(${attr(p.s)})"/>`
          : `<xsl:value-of select="${attr(p.s)}"/>`,
    )
    .join('');

function check(c: Item): string {
  const failed = c.kind === 'assert';
  const el = failed ? 'svrl:failed-assert' : 'svrl:successful-report';
  return `<xsl:if test="${failed ? `not(${attr(c.test)})` : attr(c.test)}"><${el} test="${attr(c.test)}" id="${attr(c.id)}" flag="${attr(c.flag)}"><svrl:text>${message(c.text)}</svrl:text></${el}></xsl:if>`;
}

/** The XSLT 3.0 text of a Schematron file: its output is an SVRL report. */
export function schematronToXslt(file: string): string {
  const o = outline(file);
  // xs is in scope for every xslt2 Schematron (the CII rules use xs:integer without declaring it).
  const prefixes = new Map([
    ['xs', 'http://www.w3.org/2001/XMLSchema'],
    ...o.ns.map((n) => [n.prefix, n.uri] as const),
  ]);
  const ns = [...prefixes].map(([prefix, uri]) => ` xmlns:${prefix}="${attr(uri)}"`).join('');
  const out: string[] = [
    `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:svrl="http://purl.oclc.org/dsdl/svrl"${ns} exclude-result-prefixes="#all">`,
  ];
  // Schema- and pattern-level lets are global variables, as in the ISO skeleton; the schema's own
  // XSLT functions are the stylesheet's.
  for (const l of o.lets) out.push(`<xsl:variable name="${l.name}" select="${attr(l.value)}"/>`);
  for (const p of o.patterns)
    for (const l of p.lets) out.push(`<xsl:variable name="${l.name}" select="${attr(l.value)}"/>`);
  out.push(...o.functions);
  out.push(
    '<xsl:template match="/"><svrl:schematron-output>',
    ...o.patterns.map((_, i) => `<xsl:apply-templates select="/" mode="p${i}"/>`),
    '</svrl:schematron-output></xsl:template>',
  );
  o.patterns.forEach((p, i) => {
    // Within a pattern the first rule whose context matches a node wins: descending priorities.
    p.rules.forEach((r, j) => {
      out.push(`<xsl:template match="${attr(r.context)}" mode="p${i}" priority="${1000 - j}">`);
      out.push(`<svrl:fired-rule context="${attr(r.context)}"/>`);
      for (const c of r.items)
        out.push(c.kind === 'let' ? `<xsl:variable name="${c.name}" select="${attr(c.value)}"/>` : check(c));
      out.push(`<xsl:apply-templates select="@*|*" mode="p${i}"/></xsl:template>`);
    });
    out.push(
      `<xsl:template match="@*|node()" mode="p${i}" priority="-1"><xsl:apply-templates select="@*|*" mode="p${i}"/></xsl:template>`,
    );
  });
  out.push('</xsl:stylesheet>');
  return out.join('\n');
}

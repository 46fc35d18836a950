// A small non-validating XML parser for invoices received from strangers. It never fetches
// anything (external entities are refused), bounds entity expansion (billion laughs fails fast),
// nesting depth and element count, and builds a light namespace-aware tree.

export interface XmlElement {
  /** Qualified name as written (`ram:ID`). */
  name: string;
  local: string;
  /** Namespace URI, '' when none. */
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element (untrimmed). */
  text: string;
  parent: XmlElement | null;
  /** 1-based position among the parent's children of the same name (for XPaths). */
  pos: number;
  /** Names that occur more than once among the children (set only when some name does). */
  repeated?: Set<string>;
}

export type XmlErrorCode = 'malformed_xml' | 'unsafe_xml';

export class XmlError extends Error {
  constructor(
    readonly code: XmlErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'XmlError';
  }
}

export interface XmlLimits {
  maxDepth: number;
  maxElements: number;
  /** Characters produced by expanding declared entities, in total. */
  maxEntityExpansion: number;
  maxEntityDepth: number;
  maxChars: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxDepth: 256,
  maxElements: 1_000_000,
  maxEntityExpansion: 100_000,
  maxEntityDepth: 8,
  maxChars: 50_000_000,
};

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const NAME_RE = /[^\s/>=<"']+/y;
const WS_RE = /\s*/y;
const REF_RE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_:][\w.:-]*);/g;

interface Entity {
  value?: string;
  external: boolean;
}

export function parseXml(input: string, limits: Partial<XmlLimits> = {}): XmlElement {
  const lim = { ...DEFAULT_XML_LIMITS, ...limits };
  if (input.length > lim.maxChars) throw new XmlError('unsafe_xml', 'XML document is too large');
  const entities = new Map<string, Entity>();
  let expanded = 0;

  const expandText = (raw: string, depth = 0): string => {
    if (raw.indexOf('&') < 0) return raw;
    REF_RE.lastIndex = 0;
    let out = '';
    let last = 0;
    for (let m = REF_RE.exec(raw); m; m = REF_RE.exec(raw)) {
      const before = raw.slice(last, m.index);
      if (before.includes('&')) throw new XmlError('malformed_xml', 'a bare "&" in character data');
      out += before;
      last = m.index + m[0].length;
      const ref = m[1]!;
      if (ref[0] === '#') {
        const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
        if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) {
          throw new XmlError('malformed_xml', `invalid character reference &${ref};`);
        }
        out += String.fromCodePoint(code);
        continue;
      }
      const pre = PREDEFINED[ref];
      if (pre !== undefined) {
        out += pre;
        continue;
      }
      const ent = entities.get(ref);
      if (!ent) throw new XmlError('malformed_xml', `undeclared entity &${ref};`);
      if (ent.external) throw new XmlError('unsafe_xml', `external entity &${ref}; is not resolved`);
      if (depth >= lim.maxEntityDepth) throw new XmlError('unsafe_xml', 'entities nested too deeply');
      // The reference pattern is shared: the nested expansion moves its position, so keep ours.
      const resume = REF_RE.lastIndex;
      const value = expandText(ent.value ?? '', depth + 1);
      REF_RE.lastIndex = resume;
      expanded += value.length;
      if (expanded > lim.maxEntityExpansion)
        throw new XmlError('unsafe_xml', 'entity expansion limit exceeded');
      out += value;
    }
    const rest = raw.slice(last);
    if (rest.includes('&')) throw new XmlError('malformed_xml', 'a bare "&" in character data');
    return out + rest;
  };

  const stack: XmlElement[] = [];
  /** Per open element, how often each child name occurred so far (positions for XPaths). */
  const childCounts: Array<Map<string, number>> = [];
  const nsStack: Array<Record<string, string>> = [{ xml: XML_NS }];
  let root: XmlElement | null = null;
  let count = 0;
  let pos = 0;
  const n = input.length;
  if (input.charCodeAt(0) === 0xfeff) pos = 1;

  const fail = (msg: string): never => {
    throw new XmlError('malformed_xml', `${msg} at offset ${pos}`);
  };

  while (pos < n) {
    const lt = input.indexOf('<', pos);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > pos) {
      const raw = input.slice(pos, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += expandText(raw);
      else if (raw.trim()) fail('text outside the root element');
    }
    if (lt < 0) break;
    pos = lt;
    const c1 = input.charCodeAt(pos + 1);
    if (c1 === 63 /* ? */) {
      const end = input.indexOf('?>', pos + 2);
      if (end < 0) fail('unterminated processing instruction');
      pos = end + 2;
    } else if (c1 === 33 /* ! */) {
      if (input.startsWith('<!--', pos)) {
        const end = input.indexOf('-->', pos + 4);
        if (end < 0) fail('unterminated comment');
        pos = end + 3;
      } else if (input.startsWith('<![CDATA[', pos)) {
        const end = input.indexOf(']]>', pos + 9);
        if (end < 0) fail('unterminated CDATA section');
        const top = stack[stack.length - 1];
        if (!top) fail('CDATA outside the root element');
        top!.text += input.slice(pos + 9, end);
        pos = end + 3;
      } else if (input.startsWith('<!DOCTYPE', pos)) {
        if (root || stack.length) fail('DOCTYPE after the root element');
        pos = readDoctype(input, pos, entities);
      } else {
        fail('unexpected "<!"');
      }
    } else if (c1 === 47 /* / */) {
      NAME_RE.lastIndex = pos + 2;
      const m = NAME_RE.exec(input);
      const top = stack.pop();
      if (!m || !top) fail('unexpected end tag');
      if (m![0] !== top!.name) fail(`end tag </${m![0]}> does not match <${top!.name}>`);
      pos = NAME_RE.lastIndex;
      WS_RE.lastIndex = pos;
      WS_RE.exec(input);
      pos = WS_RE.lastIndex;
      if (input.charCodeAt(pos) !== 62) fail('malformed end tag');
      pos++;
      nsStack.pop();
      childCounts.pop();
    } else {
      NAME_RE.lastIndex = pos + 1;
      const m = NAME_RE.exec(input);
      if (!m) fail('malformed start tag');
      const name = m![0];
      pos = NAME_RE.lastIndex;
      const attrs: Record<string, string> = {};
      let selfClosing = false;
      let declared: Record<string, string> | null = null;
      for (;;) {
        WS_RE.lastIndex = pos;
        WS_RE.exec(input);
        pos = WS_RE.lastIndex;
        const ch = input.charCodeAt(pos);
        if (ch === 62 /* > */) {
          pos++;
          break;
        }
        if (ch === 47 /* / */ && input.charCodeAt(pos + 1) === 62) {
          selfClosing = true;
          pos += 2;
          break;
        }
        NAME_RE.lastIndex = pos;
        const am = NAME_RE.exec(input);
        if (!am) fail(`malformed attribute in <${name}>`);
        const aname = am![0];
        pos = NAME_RE.lastIndex;
        WS_RE.lastIndex = pos;
        WS_RE.exec(input);
        pos = WS_RE.lastIndex;
        if (input.charCodeAt(pos) !== 61 /* = */) fail(`attribute ${aname} without a value`);
        pos++;
        WS_RE.lastIndex = pos;
        WS_RE.exec(input);
        pos = WS_RE.lastIndex;
        const q = input[pos];
        if (q !== '"' && q !== "'") fail(`attribute ${aname} value not quoted`);
        const end = input.indexOf(q!, pos + 1);
        if (end < 0) fail('unterminated attribute value');
        const rawValue = input.slice(pos + 1, end);
        if (rawValue.includes('<')) fail('"<" in an attribute value');
        if (aname in attrs) fail(`duplicate attribute ${aname}`);
        const value = expandText(rawValue);
        attrs[aname] = value;
        pos = end + 1;
        if (aname === 'xmlns') {
          declared ??= {};
          declared[''] = value;
        } else if (aname.startsWith('xmlns:')) {
          declared ??= {};
          declared[aname.slice(6)] = value;
        }
      }
      // A child scope inherits through its prototype: copying the parent's map for every element
      // would cost (declared prefixes × elements).
      const scope = declared
        ? Object.assign(Object.create(nsStack[nsStack.length - 1]!), declared)
        : nsStack[nsStack.length - 1]!;
      const colon = name.indexOf(':');
      const prefix = colon >= 0 ? name.slice(0, colon) : '';
      const ns = scope[prefix];
      if (ns === undefined && prefix) fail(`undeclared namespace prefix "${prefix}"`);
      const parent = stack[stack.length - 1] ?? null;
      if (!parent && root) fail('more than one root element');
      let position = 1;
      if (parent) {
        const counts = childCounts[childCounts.length - 1]!;
        position = (counts.get(name) ?? 0) + 1;
        counts.set(name, position);
        if (position > 1) {
          parent.repeated ??= new Set();
          parent.repeated.add(name);
        }
      }
      const el: XmlElement = {
        name,
        local: colon >= 0 ? name.slice(colon + 1) : name,
        ns: ns ?? '',
        attrs,
        children: [],
        text: '',
        parent,
        pos: position,
      };
      if (++count > lim.maxElements) throw new XmlError('unsafe_xml', 'too many elements');
      if (parent) parent.children.push(el);
      else root = el;
      if (!selfClosing) {
        if (stack.length >= lim.maxDepth) throw new XmlError('unsafe_xml', 'elements nested too deeply');
        stack.push(el);
        nsStack.push(scope);
        childCounts.push(new Map());
      }
    }
  }
  if (stack.length)
    throw new XmlError('malformed_xml', `unclosed element <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new XmlError('malformed_xml', 'no root element');
  return root;
}

/** Reads `<!DOCTYPE ...>` and its internal subset; records general entities; returns the end. */
function readDoctype(input: string, start: number, entities: Map<string, Entity>): number {
  let pos = start + 9;
  let subset = '';
  // The internal subset may contain '>' inside declarations and quotes: scan with quote awareness.
  let quote = '';
  let subsetStart = -1;
  for (; pos < input.length; pos++) {
    const ch = input[pos]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '[' && subsetStart < 0) {
      subsetStart = pos + 1;
    } else if (ch === ']' && subsetStart >= 0) {
      subset = input.slice(subsetStart, pos);
      subsetStart = -2;
    } else if (ch === '>' && subsetStart < 0) {
      break;
    }
  }
  if (pos >= input.length) throw new XmlError('malformed_xml', 'unterminated DOCTYPE');
  if (/<!ENTITY\s+%/.test(subset)) throw new XmlError('unsafe_xml', 'parameter entities are not processed');
  // One declaration at a time, each cut at its own end: a pattern over the whole subset would
  // rescan the rest of it from every unterminated declaration.
  const declRe = /^<!ENTITY\s+([A-Za-z_:][\w.:-]*)\s+(?:"([^"]*)"|'([^']*)'|(SYSTEM|PUBLIC)\b)/;
  for (let at = subset.indexOf('<!ENTITY'); at >= 0; at = subset.indexOf('<!ENTITY', at + 1)) {
    const close = nextDeclarationEnd(subset, at);
    if (close < 0) throw new XmlError('malformed_xml', 'unterminated ENTITY declaration');
    const m = declRe.exec(subset.slice(at, close + 1));
    if (!m) throw new XmlError('malformed_xml', 'malformed ENTITY declaration');
    const name = m[1]!;
    if (!entities.has(name)) {
      // The first declaration binds (XML 1.0 §4.2).
      if (m[4]) entities.set(name, { external: true });
      else entities.set(name, { value: m[2] ?? m[3] ?? '', external: false });
    }
    at = close;
  }
  return pos + 1;
}

/** The `>` that closes the declaration starting at `at`, skipping quoted literals. */
function nextDeclarationEnd(subset: string, at: number): number {
  let quote = '';
  for (let i = at; i < subset.length; i++) {
    const ch = subset[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i;
  }
  return -1;
}

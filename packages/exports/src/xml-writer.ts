// A small XML writer for the e-invoice exports: elements with text and attributes, escaped, and
// empty elements left out (an absent optional value is not written as an empty tag).
export type Node = {
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: Array<Node | undefined>;
  /** Written even when empty (a schema that requires the element). */
  keep?: boolean;
};

export const el = (
  name: string,
  children: Array<Node | undefined> = [],
  attrs?: Record<string, string>,
): Node => ({
  name,
  children,
  ...(attrs ? { attrs } : {}),
});

/** An element holding `text`, or nothing when there is no text. */
export const leaf = (
  name: string,
  text: string | undefined,
  attrs?: Record<string, string>,
): Node | undefined =>
  text === undefined || text === '' ? undefined : { name, text, ...(attrs ? { attrs } : {}) };

/** Control characters XML 1.0 cannot hold at all are dropped (a text layer may carry them). */
const xmlChar = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return c >= 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
};

const escapeXml = (s: string) =>
  [...s]
    .filter(xmlChar)
    .join('')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function render(n: Node, depth: number, out: string[]): boolean {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(n.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (n.text !== undefined) {
    out.push(`${pad}<${n.name}${attrs}>${escapeXml(n.text)}</${n.name}>`);
    return true;
  }
  const inner: string[] = [];
  for (const c of n.children ?? []) if (c) render(c, depth + 1, inner);
  if (!inner.length) {
    if (!n.keep) return false;
    out.push(`${pad}<${n.name}${attrs}/>`);
    return true;
  }
  out.push(`${pad}<${n.name}${attrs}>`, ...inner, `${pad}</${n.name}>`);
  return true;
}

/** The document, with `comment` (say, where values came from) before its root when given. */
export function toXml(root: Node, comment?: string): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  // `--` cannot stand inside a comment.
  if (comment) out.push(`<!-- ${escapeXml(comment).replace(/-(?=-)/g, '- ')} -->`);
  render(root, 0, out);
  return `${out.join('\n')}\n`;
}

/** An element the schema requires even when it holds nothing. */
export const required = (name: string, children: Array<Node | undefined> = []): Node => ({
  name,
  children,
  keep: true,
});

/** The tree without the elements named (wherever they stand): a profile that has no place for them. */
export function withoutElements(node: Node, names: ReadonlySet<string>): Node {
  if (!names.size || !node.children) return node;
  return {
    ...node,
    children: node.children
      .filter((c) => !c || !names.has(c.name))
      .map((c) => (c ? withoutElements(c, names) : c)),
  };
}

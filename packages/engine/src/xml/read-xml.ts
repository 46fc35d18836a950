// Reads a structured invoice from XML bytes: decode, parse safely, then hand the tree to the
// first syntax reader that recognises its root element.
import type { Document } from '../document.js';
import { ReadError } from '../errors.js';
import { ciiReader } from './cii.js';
import { decodeXml } from './decode.js';
import { fatturaPaReader, fatturaPaSimplifiedReader } from './fatturapa.js';
import { parseXml, type XmlElement, XmlError } from './parse.js';
import type { XmlSyntaxReader } from './syntax.js';
import { ublReader } from './ubl.js';

export const XML_READERS: readonly XmlSyntaxReader[] = [
  ciiReader,
  ublReader,
  fatturaPaReader,
  fatturaPaSimplifiedReader,
];

export function parseXmlBytes(bytes: Uint8Array): XmlElement {
  try {
    return parseXml(decodeXml(bytes));
  } catch (err) {
    if (err instanceof XmlError) throw new ReadError(err.code, err.message);
    throw err;
  }
}

export function readerFor(root: XmlElement): XmlSyntaxReader | undefined {
  return XML_READERS.find((r) => r.accepts(root));
}

export function readXmlInvoice(bytes: Uint8Array): Document {
  const root = parseXmlBytes(bytes);
  const reader = readerFor(root);
  if (reader) return reader.read(root);
  if (root.ns.includes(':CBFBUY:')) {
    // Drafts of 2013-14 that preceded ZUGFeRD 1.0; no published specification defines them.
    throw new ReadError(
      'unsupported_syntax',
      'a pre-release ZUGFeRD draft (UN/CEFACT CBFBUY namespace), not a published standard',
    );
  }
  throw new ReadError('not_an_invoice', `<${root.name}> is not the root of an invoice syntax we read`);
}

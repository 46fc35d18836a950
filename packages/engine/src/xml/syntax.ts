// The contract of a structured-invoice reader: given the parsed root, say whether this is its
// syntax, and read it into a Document (or throw a ReadError naming what is wrong).
import type { Document } from '../document.js';
import type { XmlElement } from './parse.js';

export interface XmlSyntaxReader {
  name: string;
  accepts(root: XmlElement): boolean;
  read(root: XmlElement): Document;
}

// Checks an exported e-invoice the way a recipient's validator does, with the published
// artefacts in ../shared/schemas: the XML schema (xmllint compiled to WebAssembly) and the
// EN 16931 business rules (CEN's Schematron compiled to XSLT, run by SaxonJS from a SEF file that
// `xslt3` compiles once into .cache/, which git ignores).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: saxon-js ships no types
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const schemasDir = path.resolve(repoRoot, '../shared/schemas');
export const haveSchemas = existsSync(path.join(schemasDir, 'en16931'));
const cache = path.join(repoRoot, '.cache/schematron');

export async function xsdErrors(xml: string, kind: 'cii'): Promise<string[]> {
  const dir = path.join(schemasDir, 'en16931/cii-xsd/uncefact/data/standard');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
  const main = 'CrossIndustryInvoice_100pD16B.xsd';
  void kind;
  const r = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(dir, main), 'utf8') }],
    preload: files
      .filter((f) => f !== main)
      .map((f) => ({ fileName: f, contents: readFileSync(path.join(dir, f), 'utf8') })),
  });
  return r.valid ? [] : r.errors.map((e) => e.rawMessage);
}

function sef(name: string, xslt: string): string {
  const out = path.join(cache, `${name}.sef.json`);
  if (!existsSync(out)) {
    mkdirSync(cache, { recursive: true });
    execFileSync(
      path.join(repoRoot, 'node_modules/.bin/xslt3'),
      [`-xsl:${xslt}`, `-export:${out}`, '-nogo'],
      {
        stdio: 'pipe',
      },
    );
  }
  return out;
}

/** The EN 16931 rules' fatal failed assertions for a CII invoice (id and text of each). */
export function en16931Fatal(xml: string): string[] {
  const stylesheet = sef('EN16931-CII', path.join(schemasDir, 'en16931/xslt/EN16931-CII-validation.xslt'));
  const result = SaxonJS.transform(
    { stylesheetFileName: stylesheet, sourceText: xml, destination: 'serialized' },
    'sync',
  ) as { principalResult: string };
  const svrl = result.principalResult;
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)]
    .filter(([, attrs]) => /flag="fatal"/.test(attrs ?? ''))
    .map(
      ([, attrs, body]) =>
        `${/id="([^"]+)"/.exec(attrs ?? '')?.[1]}: ${(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body ?? '')?.[1] ?? '').trim().slice(0, 160)}`,
    );
}

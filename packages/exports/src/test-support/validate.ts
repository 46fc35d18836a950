// Checks an exported e-invoice the way a recipient's validator does, with the published
// artefacts in ../shared/schemas: the XML schema (xmllint compiled to WebAssembly) and the
// EN 16931 business rules (CEN's Schematron compiled to XSLT, run by SaxonJS from a SEF file that
// `xslt3` compiles once into .cache/, which git ignores).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error: saxon-js ships no types
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';
import { runChildOk } from '../../../../scripts/run-child.mjs';
import { schematronToXslt } from './schematron.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const schemasDir = path.resolve(repoRoot, '../shared/schemas');
export const haveSchemas = existsSync(path.join(schemasDir, 'en16931'));
const cache = path.join(repoRoot, '.cache/schematron');

export async function xsdErrors(xml: string, kind: 'cii' | 'ubl'): Promise<string[]> {
  if (kind === 'ubl') return ublXsdErrors(xml);
  const dir = path.join(schemasDir, 'en16931/cii-xsd/uncefact/data/standard');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
  const main = 'CrossIndustryInvoice_100pD16B.xsd';
  const r = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(dir, main), 'utf8') }],
    preload: files
      .filter((f) => f !== main)
      .map((f) => ({ fileName: f, contents: readFileSync(path.join(dir, f), 'utf8') })),
  });
  return r.valid ? [] : r.errors.map((e) => e.rawMessage);
}

/** UBL 2.5's schema for the root the file has (Invoice or CreditNote); it accepts UBL 2.1. */
async function ublXsdErrors(xml: string): Promise<string[]> {
  const dir = path.join(schemasDir, 'ubl-2.5/xsd');
  const main = `maindoc/UBL-${/<CreditNote\b/.test(xml) ? 'CreditNote' : 'Invoice'}-2.5.xsd`;
  const r = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(dir, main), 'utf8') }],
    // The main schema imports `../common/…`: the files keep their folder in the virtual file system.
    preload: readdirSync(path.join(dir, 'common')).map((f) => ({
      fileName: `common/${f}`,
      contents: readFileSync(path.join(dir, 'common', f), 'utf8'),
    })),
  });
  return r.valid ? [] : r.errors.map((e) => e.rawMessage);
}

/**
 * The SEF of `xslt`, compiled by xslt3 on first use. The compiler runs as a child awaited, not
 * synchronously: compiling the EN 16931 rules takes over a minute on a busy machine, and a test
 * worker that cannot answer the test runner for a minute fails the run. Test files in other
 * workers may compile the same SEF at once, so each writes its own file and renames it into place.
 */
async function sef(name: string, xslt: string): Promise<string> {
  const out = path.join(cache, `${name}.sef.json`);
  if (!existsSync(out)) {
    mkdirSync(cache, { recursive: true });
    const mine = `${out}.${process.pid}.tmp`;
    await runChildOk(path.join(repoRoot, 'node_modules/.bin/xslt3'), [
      `-xsl:${xslt}`,
      `-export:${mine}`,
      '-nogo',
    ]);
    renameSync(mine, out);
  }
  return out;
}

/** The EN 16931 rules' fatal failed assertions for a CII or UBL invoice (id and text of each). */
export async function en16931Fatal(xml: string, syntax: 'cii' | 'ubl' = 'cii'): Promise<string[]> {
  const name = `EN16931-${syntax.toUpperCase()}`;
  return fatalAsserts(await sef(name, path.join(schemasDir, `en16931/xslt/${name}-validation.xslt`)), xml);
}

const xrechnungSef = new Map<string, string>();

/** KoSIT's XRechnung rules' fatal failed assertions (their .sch compiled into .cache/). */
export async function xrechnungFatal(xml: string, syntax: 'cii' | 'ubl'): Promise<string[]> {
  let stylesheet = xrechnungSef.get(syntax);
  if (!stylesheet) {
    const name = `XRechnung-${syntax.toUpperCase()}`;
    // Named by content, so a change to the compiler or the rules compiles afresh.
    stylesheet = await compiledSchematron(
      name,
      path.join(schemasDir, `xrechnung/schematron/${syntax}/${name}-validation.sch`),
    );
    xrechnungSef.set(syntax, stylesheet);
  }
  return fatalAsserts(stylesheet, xml);
}

/** The project's copy of OpenPeppol's rules (test-data/peppol, with their terms beside them). */
const peppolDir = path.join(repoRoot, 'packages/exports/test-data/peppol');
const peppolSef = new Map<string, string>();

/**
 * OpenPeppol's rules' fatal failed assertions for a UBL invoice: Peppol BIS Self-Billing 3.0's for
 * a file whose ProfileID is self-billing's, else Peppol BIS Billing 3.0's.
 */
export async function peppolFatal(xml: string): Promise<string[]> {
  const name = /<cbc:ProfileID>[^<]*:poacc:selfbilling:/.test(xml)
    ? 'PEPPOL-EN16931-UBL-SB'
    : 'PEPPOL-EN16931-UBL';
  let stylesheet = peppolSef.get(name);
  if (!stylesheet) {
    stylesheet = await compiledSchematron(name, path.join(peppolDir, `${name}.sch`));
    peppolSef.set(name, stylesheet);
  }
  return fatalAsserts(stylesheet, xml);
}

/** A Schematron source compiled to XSLT (schematron.ts) and on to a SEF, named by content. */
async function compiledSchematron(name: string, sch: string): Promise<string> {
  const text = schematronToXslt(sch);
  const file = `${name}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
  const xslt = path.join(cache, `${file}.xslt`);
  if (!existsSync(xslt)) {
    mkdirSync(cache, { recursive: true });
    writeFileSync(`${xslt}.${process.pid}.tmp`, text);
    renameSync(`${xslt}.${process.pid}.tmp`, xslt);
  }
  return sef(file, xslt);
}

/** The fatal failed assertions (id and text) of a Schematron compiled to a SEF, run on `xml`. */
function fatalAsserts(stylesheet: string, xml: string): string[] {
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

/** Factur-X's own schema and Schematron (release 1.0.09) of its profiles without lines (test-data/facturx). */
const FACTURX_DIRS: Record<'BASIC WL' | 'MINIMUM', [string, string, string]> = {
  'BASIC WL': ['basicwl', 'BASICWL', 'BASIC-WL'],
  MINIMUM: ['minimum', 'MINIMUM', 'MINIMUM'],
};
const facturxSef = new Map<string, string>();

/**
 * A Factur-X BASIC WL or MINIMUM invoice checked as Factur-X's validator does: its profile's XSD,
 * then its profile's Schematron (published as XSLT; every assertion is an error). Each problem is
 * `XSD` or the rule's id and text.
 */
export async function facturxProfileErrors(xml: string, level: 'BASIC WL' | 'MINIMUM'): Promise<string[]> {
  const [dir, short, codedb] = FACTURX_DIRS[level];
  const base = path.join(repoRoot, 'packages/exports/test-data/facturx', dir);
  const main = `Factur-X_${short}.xsd`;
  const xsd = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(path.join(base, main), 'utf8') }],
    preload: readdirSync(base)
      .filter((f) => f.endsWith('.xsd') && f !== main)
      .map((f) => ({ fileName: f, contents: readFileSync(path.join(base, f), 'utf8') })),
  });
  let stylesheet = facturxSef.get(level);
  if (!stylesheet) {
    // The rules look their code lists up in a file beside them: named by its full path here, since
    // the compiled stylesheet lives in .cache/.
    const codes = path.join(base, `FACTUR-X_${codedb}_codedb.xml`);
    const text = readFileSync(path.join(base, `Factur-X_1.09_${short}.xsl`), 'utf8').replaceAll(
      `document('FACTUR-X_${codedb}_codedb.xml')`,
      `document('${pathToFileURL(codes).href}')`,
    );
    const name = `Factur-X-${short}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
    const xslt = path.join(cache, `${name}.xslt`);
    if (!existsSync(xslt)) {
      mkdirSync(cache, { recursive: true });
      writeFileSync(`${xslt}.${process.pid}.tmp`, text);
      renameSync(`${xslt}.${process.pid}.tmp`, xslt);
    }
    stylesheet = await sef(name, xslt);
    facturxSef.set(level, stylesheet);
  }
  const result = SaxonJS.transform(
    { stylesheetFileName: stylesheet, sourceText: xml, destination: 'serialized' },
    'sync',
  ) as { principalResult: string };
  const asserts = [
    ...result.principalResult.matchAll(/<svrl:failed-assert\b[^>]*>([\s\S]*?)<\/svrl:failed-assert>/g),
  ].map(([, body]) =>
    (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body ?? '')?.[1] ?? '').trim().slice(0, 160),
  );
  return [...(xsd.valid ? [] : xsd.errors.map((e) => `XSD: ${e.rawMessage}`)), ...asserts];
}

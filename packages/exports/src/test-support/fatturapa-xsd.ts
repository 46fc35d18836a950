// The FatturaPA XML schema for tests: the Agenzia delle Entrate's Schema_1.2.1.xsd as the
// @digitalia/fatturapa package ships it (EUPL 1.2), with the code lists that version 1.2.2 changed
// (TipoDocumento TD16..TD28, Natura N2.1..N7, RegimeFiscale RF19, ModalitaPagamento MP23) put in
// place of 1.2.1's, and the W3C signature schema taken from the local UBL copy (no internet).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { schemasDir } from './validate.js';

const require = createRequire(import.meta.url);
const CODES_1_2_2: Record<string, string[]> = {
  TipoDocumentoType: [
    ...['01', '02', '03', '04', '05', '06'].map((n) => `TD${n}`),
    ...Array.from({ length: 13 }, (_, i) => `TD${16 + i}`),
  ],
  NaturaType: [
    'N1',
    'N2.1',
    'N2.2',
    ...['1', '2', '3', '4', '5', '6'].map((n) => `N3.${n}`),
    'N4',
    'N5',
    ...Array.from({ length: 9 }, (_, i) => `N6.${i + 1}`),
    'N7',
  ],
  RegimeFiscaleType: [
    'RF01',
    'RF02',
    ...Array.from({ length: 17 }, (_, i) => `RF${String(i + 4).padStart(2, '0')}`),
  ],
  ModalitaPagamentoType: Array.from({ length: 23 }, (_, i) => `MP${String(i + 1).padStart(2, '0')}`),
};
const SIGNATURE_XSD = 'xmldsig-core-schema.xsd';

function schema(): string {
  const file = path.join(
    path.dirname(require.resolve('@digitalia/fatturapa/package.json')),
    'src/schemas/Schema_1.2.1.xsd',
  );
  let xsd = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  xsd = xsd.replace(/schemaLocation="http:\/\/www\.w3\.org\/TR\/[^"]+"/, `schemaLocation="${SIGNATURE_XSD}"`);
  for (const [type, codes] of Object.entries(CODES_1_2_2)) {
    const re = new RegExp(
      `(<xs:simpleType name="${type}">\\s*<xs:restriction base="xs:string">)[\\s\\S]*?(</xs:restriction>)`,
    );
    if (!re.test(xsd)) throw new Error(`${type} not found in the FatturaPA schema`);
    xsd = xsd.replace(re, `$1${codes.map((c) => `<xs:enumeration value="${c}"/>`).join('')}$2`);
  }
  return xsd;
}

export async function fatturaPaXsdErrors(xml: string): Promise<string[]> {
  const r = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [{ fileName: 'Schema_1.2.2.xsd', contents: schema() }],
    preload: [
      {
        fileName: SIGNATURE_XSD,
        contents: readFileSync(
          path.join(schemasDir, 'ubl-2.5/xsd/common/UBL-xmldsig-core-schema-2.5.xsd'),
          'utf8',
        ),
      },
    ],
  });
  return r.valid ? [] : r.errors.map((e) => e.rawMessage);
}

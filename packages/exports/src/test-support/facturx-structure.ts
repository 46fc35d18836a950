// Reads a Factur-X PDF the way a recipient's software looks at it, by walking its objects with
// pdf-lib (not through our writer): the /AF file spec and its embedded XML, the EmbeddedFiles
// names, the XMP metadata, the output intent and the file id.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

const bytesOf = (o: PDFObject | undefined): Buffer => {
  if (!(o instanceof PDFRawStream)) throw new Error('not a stream');
  return Buffer.from(decodePDFRawStream(o).decode());
};

/** What a Factur-X reader looks at, found by walking the PDF's objects (not through our writer). */
export async function facturxStructure(pdfBytes: Uint8Array) {
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const { catalog, context } = pdf;
  const af = catalog.lookup(PDFName.of('AF'), PDFArray);
  const specs = af.asArray().map((r) => context.lookup(r, PDFDict));
  const spec = specs[0]!;
  const names = catalog
    .lookup(PDFName.of('Names'), PDFDict)
    .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
    .lookup(PDFName.of('Names'), PDFArray);
  const ef = spec.lookup(PDFName.of('EF'), PDFDict);
  const stream = context.lookup(ef.get(PDFName.of('F')));
  const intents = catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
  const intent = context.lookup(intents.get(0), PDFDict);
  return {
    pages: pdf.getPageCount(),
    afCount: specs.length,
    fileName: spec.lookup(PDFName.of('F'), PDFString).decodeText(),
    relationship: spec.get(PDFName.of('AFRelationship'))?.toString(),
    subtype: (stream as PDFRawStream).dict.get(PDFName.of('Subtype'))?.toString(),
    treeNames: names
      .asArray()
      .filter((o) => o instanceof PDFString || o.constructor.name === 'PDFHexString')
      .map((o) => (o as PDFString).decodeText()),
    xml: bytesOf(stream).toString('utf8'),
    xmp: bytesOf(catalog.lookup(PDFName.of('Metadata'))).toString('utf8'),
    intent: intent.get(PDFName.of('S'))?.toString(),
    icc: bytesOf(intent.lookup(PDFName.of('DestOutputProfile'))),
    id: context.trailerInfo.ID?.toString(),
  };
}

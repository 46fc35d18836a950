// Factur-X 1.0.07 / ZUGFeRD 2.3 in the richest profile the invoice supports (EN 16931 with lines,
// else BASIC WL or MINIMUM, facturx-profiles.ts): a PDF/A-3 (conformance B) whose pages are the
// original PDF's, or a page drawn from the document, carrying the CII invoice (cii.ts) as the
// embedded file `factur-x.xml` (AFRelationship /Data, in the catalog's /AF and EmbeddedFiles), the
// XMP metadata with the PDF/A identification and the Factur-X extension schema, and an sRGB output intent.
import { createHash } from 'node:crypto';
import {
  AFRelationship,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import sharp from 'sharp';
import { ciiXml, withCoreLines } from './cii.js';
import { FACTURX_PROFILES, type FacturxLevel, facturxTarget } from './facturx-profiles.js';
import { type ExportFile, type ExportJob, ExportRefused, fileStem, type Refusal } from './input.js';
import { drawInvoice } from './invoice-page.js';

export const FACTURX_EN16931_ID = FACTURX_PROFILES['EN 16931'].guideline;
export const FACTURX_FILENAME = 'factur-x.xml';
const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const PRODUCER = 'Invoice Reader (pdf-lib)';

/**
 * What Factur-X asks of the job in the profile its data supports: EN 16931's core (no CIUS values
 * on top) with lines, BASIC WL's or MINIMUM's without.
 */
export const facturxMissing = (job: ExportJob): Refusal[] => facturxTarget(job).missing;

let srgb: Promise<Uint8Array> | undefined;
/**
 * The sRGB ICC profile (lcms's compact sRGB v4, CC0) that libvips ships inside sharp: no npm package
 * or system file here carries one, and sharp is already a dependency of the reader.
 */
export function srgbProfile(): Promise<Uint8Array> {
  srgb ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .withIccProfile('srgb')
    .png()
    .toBuffer()
    .then(async (png) => {
      const icc = (await sharp(png).metadata()).icc;
      if (!icc) throw new Error('sharp wrote no ICC profile');
      return new Uint8Array(icc);
    });
  return srgb;
}

const xmlText = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `2026-01-31T10:00:00Z`, the same instant as the Info dictionary's `D:20260131100000Z`. */
const xmpDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const fxProperty = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

export function facturxXmp(
  title: string,
  author: string | undefined,
  date: Date,
  level: FacturxLevel = 'EN 16931',
): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(title)}</rdf:li></rdf:Alt></dc:title>${
        author
          ? `\n      <dc:creator><rdf:Seq><rdf:li>${xmlText(author)}</rdf:li></rdf:Seq></dc:creator>`
          : ''
      }
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
      <xmp:CreateDate>${xmpDate(date)}</xmp:CreateDate>
      <xmp:ModifyDate>${xmpDate(date)}</xmp:ModifyDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${PRODUCER}</pdf:Producer>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FX_NS}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${level}</fx:ConformanceLevel>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${fxProperty('DocumentFileName', 'The name of the embedded XML document')}${fxProperty(
                'DocumentType',
                'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
              )}${fxProperty('Version', 'The actual version of the standard applying to the embedded XML document')}${fxProperty(
                'ConformanceLevel',
                'The conformance level of the embedded XML document',
              )}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The original's pages, or none when pdf-lib cannot open it (encrypted, damaged): then a page is drawn. */
async function copyOriginal(out: PDFDocument, original: Uint8Array | undefined): Promise<PDFPage[]> {
  if (!original) return [];
  try {
    const src = await PDFDocument.load(original, { updateMetadata: false });
    return await out.copyPages(src, src.getPageIndices());
  } catch {
    return [];
  }
}

export interface FacturxOptions {
  /** The job's original file when it is a PDF: its pages become the visible part. */
  original?: Uint8Array;
  /** The creation date written to the Info dictionary and the XMP (default: now). */
  date?: Date;
}

export async function writeFacturx(read: ExportJob, options: FacturxOptions = {}): Promise<ExportFile> {
  const { job, profile, missing } = facturxTarget(withCoreLines(read));
  if (missing.length) throw new ExportRefused(missing);
  const xml = Buffer.from(ciiXml(job, { guideline: profile.guideline, leftOut: profile.leftOut }), 'utf8');
  const d = job.document;
  const date = new Date(Math.floor((options.date ?? new Date()).getTime() / 1000) * 1000);
  const title = `${d.type === 'credit_note' ? 'Credit note' : 'Invoice'} ${d.number}`;

  const pdf = await PDFDocument.create({ updateMetadata: false });
  const pages = await copyOriginal(pdf, options.original);
  if (pages.length) for (const p of pages) pdf.addPage(p);
  else
    drawInvoice(pdf, d, {
      regular: await pdf.embedFont(StandardFonts.Helvetica),
      bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    });

  await pdf.attach(xml, FACTURX_FILENAME, {
    mimeType: 'text/xml',
    description: `Factur-X invoice (${profile.level})`,
    creationDate: date,
    modificationDate: date,
    afRelationship: AFRelationship.Data,
  });

  pdf.setTitle(title);
  if (d.seller.name) pdf.setAuthor(d.seller.name);
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);

  const ctx = pdf.context;
  const metadata = ctx.stream(Buffer.from(facturxXmp(title, d.seller.name, date, profile.level), 'utf8'), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  pdf.catalog.set(PDFName.of('Metadata'), ctx.register(metadata));
  const icc = ctx.flateStream(await srgbProfile(), { N: 3 });
  const intent = ctx.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: ctx.register(icc),
  });
  pdf.catalog.set(PDFName.of('OutputIntents'), ctx.obj([ctx.register(intent)]));
  // PDF/A wants a file identifier; derived from the XML, so the same invoice gets the same id.
  const id = PDFHexString.of(createHash('md5').update(xml).digest('hex'));
  ctx.trailerInfo.ID = ctx.obj([id, id]);

  const bytes = await pdf.save({ useObjectStreams: false });
  return {
    filename: `factur-x-${fileStem(job)}.pdf`,
    contentType: 'application/pdf',
    bytes: Buffer.from(bytes),
    profile: `Factur-X ${profile.level}`,
  };
}

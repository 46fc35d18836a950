// File names that come from what an invoice says (a seller's VAT id, an invoice number) reach a
// Content-Disposition header, the entries of a zip and files on disk: each stays a plain name,
// however hostile the value a supplier put in its invoice.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { fatturaPaFilename, writeFatturaPa } from './fatturapa.js';
import { contentDisposition, safeFileName, uniqueFileName } from './file-names.js';
import { type ExportFile, ExportRefused } from './input.js';
import { einvoiceDir, jobOf } from './test-support/corpus-export.js';
import { isSafeEntryName, zipEntryNames } from './test-support/zip-entries.js';
import { REFUSED_TXT, zipFiles } from './zip.js';

afterAll(() => shutdownWorkers());

/** IdCodice values QA put in a FatturaPA's CedentePrestatore, each after the country `IT`. */
const HOSTILE = ['0123€4567890', '01234567890";x="y', '/../../../../tmp/evil'];
const FPR01 = path.join(einvoiceDir, 'fatturapa-official/IT01234567890_FPR01.xml');

describe('fatturaPaFilename', () => {
  it("is the SdI's <IdPaese><IdCodice>_<progressive>.xml for two letters and 1 to 28 letters or digits", () => {
    expect(fatturaPaFilename('IT01234567890', 1)).toBe('IT01234567890_00001.xml');
    expect(fatturaPaFilename('IT01234567890', 123456)).toBe('IT01234567890_23456.xml');
    expect(fatturaPaFilename('DE136695976', 62)).toBe('DE136695976_00062.xml');
    expect(fatturaPaFilename('ITABC123', 62)).toBe('ITABC123_00062.xml');
  });

  it('is fatturapa-<job>.xml for any other seller id, never a part of it', () => {
    for (const code of HOSTILE) expect(fatturaPaFilename(`IT${code}`, 62), code).toBe('fatturapa-62.xml');
    for (const vat of [undefined, '', 'IT', '01234567890', 'I1234', 'IT 01234567890', `IT${'9'.repeat(29)}`])
      expect(fatturaPaFilename(vat, 62), String(vat)).toBe('fatturapa-62.xml');
    // A job number that is not a plain count cannot bring anything in either.
    expect(fatturaPaFilename('IT01234567890', -3)).toBe('fatturapa--3.xml');
  });
});

describe('contentDisposition', () => {
  it('leaves a plain name as the one quoted filename', () => {
    expect(contentDisposition('IT01234567890_00001.xml')).toBe(
      'attachment; filename="IT01234567890_00001.xml"',
    );
    expect(contentDisposition('EXTF_Buchungsstapel_20260101.csv')).toBe(
      'attachment; filename="EXTF_Buchungsstapel_20260101.csv"',
    );
  });

  it('quotes an ASCII stand-in and gives the real name as filename*, for the names QA sent', () => {
    // (a) non-ASCII: Node refused the header (ERR_INVALID_CHAR), the export answered 500.
    expect(contentDisposition('IT0123€4567890_00063.xml')).toBe(
      `attachment; filename="IT0123_4567890_00063.xml"; filename*=UTF-8''IT0123%E2%82%AC4567890_00063.xml`,
    );
    // (b) a quote ended the filename and added a parameter of the supplier's.
    expect(contentDisposition('IT01234567890";X="Y_00060.xml')).toBe(
      `attachment; filename="IT01234567890__X__Y_00060.xml"; filename*=UTF-8''IT01234567890_%3BX%3D_Y_00060.xml`,
    );
    // (c) a path: one name, its separators gone.
    expect(contentDisposition('IT/../../../../TMP/EVIL_00062.xml')).toBe(
      'attachment; filename="IT_.._.._.._.._TMP_EVIL_00062.xml"',
    );
  });

  it('makes every name one line of printable ASCII with exactly the filename parameters', () => {
    const names = [
      'a\r\nSet-Cookie: x=1.xml',
      'back\\slash.xml',
      '100%.xml',
      'semi;colon.xml',
      "it's (1).xml",
      'счёт №5.pdf',
      '\ud800lone.xml',
      '\u0000\u001f\u007f\u0085\u2028',
      '',
      '..',
      '"',
    ];
    for (const name of names) {
      const value = contentDisposition(name);
      expect(value, JSON.stringify(name)).toMatch(
        /^attachment; filename="[A-Za-z0-9 _.()+,~-]+"(; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+)?$/,
      );
      // Accepted by Node as a header value (the 500 of case (a) came from here).
      expect(() => new Headers({ 'content-disposition': value })).not.toThrow();
    }
    expect(contentDisposition('')).toBe('attachment; filename="download"');
    expect(contentDisposition('..')).toBe('attachment; filename="__"');
    expect(contentDisposition('счёт №5.pdf')).toBe(
      `attachment; filename="____ _5.pdf"; filename*=UTF-8''%D1%81%D1%87%D1%91%D1%82%20%E2%84%965.pdf`,
    );
  });
});

describe('safeFileName and uniqueFileName', () => {
  it('make one plain name of anything, unique without case', () => {
    expect(safeFileName('IT01234567890_00001.xml')).toBe('IT01234567890_00001.xml');
    expect(safeFileName('IT/../../../../TMP/EVIL_00062.xml')).toBe('IT_.._.._.._.._TMP_EVIL_00062.xml');
    expect(safeFileName('/etc/passwd')).toBe('_etc_passwd');
    expect(safeFileName('..\\..\\win.ini')).toBe('___.._win.ini');
    expect(safeFileName('C:evil.xml')).toBe('C_evil.xml');
    expect(safeFileName('.hidden')).toBe('_hidden');
    expect(safeFileName('name. ')).toBe('name_');
    expect(safeFileName('NUL.xml')).toBe('_NUL.xml');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('IT0123€4567890_00063.xml')).toBe('IT0123€4567890_00063.xml');
    const long = safeFileName(`${'x'.repeat(500)}.xml`);
    expect([long.length, long.endsWith('.xml')]).toEqual([120, true]);
    const taken = new Set<string>();
    expect(['a.xml', 'A.XML', 'a.xml'].map((n) => uniqueFileName(n, taken))).toEqual([
      'a.xml',
      'A-2.XML',
      'a-3.xml',
    ]);
  });
});

describe.skipIf(!existsSync(FPR01))('the FatturaPA file name', () => {
  const jobWithSeller = async (vatId: string | undefined, jobId: number) => {
    const job = (await jobOf(FPR01, 'it', jobId))!;
    return { ...job, document: { ...job.document, seller: { ...job.document.seller, vat_id: vatId } } };
  };

  it("is the SdI's <country><IdCodice>_<progressive>.xml for a plain seller id", async () => {
    expect(writeFatturaPa(await jobWithSeller('IT01234567890', 1)).filename).toBe('IT01234567890_00001.xml');
    expect(writeFatturaPa(await jobWithSeller('IT01234567890', 62)).filename).toBe('IT01234567890_00062.xml');
    // The progressive is the job number's last five digits.
    expect(writeFatturaPa(await jobWithSeller('IT01234567890', 1234567)).filename).toBe(
      'IT01234567890_34567.xml',
    );
  });

  it('refuses a seller id the SdI would not take, so that no name is made of it', async () => {
    const refused = async (vatId: string) => {
      try {
        writeFatturaPa(await jobWithSeller(vatId, 62));
      } catch (err) {
        if (err instanceof ExportRefused) return err.refusals.map((r) => r.field);
        throw err;
      }
      return [];
    };
    for (const code of HOSTILE) expect(await refused(`IT${code}`), code).toContain('seller_vat_id');
    // No country letters, or an IdCodice longer than the 28 characters the SdI takes.
    expect(await refused('01234567890')).toContain('seller_vat_id');
    expect(await refused(`IT${'1'.repeat(29)}`)).toContain('seller_vat_id');
    expect(writeFatturaPa(await jobWithSeller(`IT${'1'.repeat(28)}`, 7)).filename).toBe(
      `IT${'1'.repeat(28)}_00007.xml`,
    );
  });
});

describe('the zip of many files', () => {
  const file = (filename: string): ExportFile => ({
    filename,
    contentType: 'application/xml',
    bytes: Buffer.from(filename, 'utf8'),
  });
  const HOSTILE_NAMES = [
    'IT/../../../../TMP/EVIL_00062.xml',
    '/etc/cron.d/evil',
    '..\\..\\Windows\\win.ini',
    'C:\\evil.xml',
    'C:evil.xml',
    'a\u0000b\r\n.xml',
    '..',
    '.',
    '',
    'IT0123€4567890_00063.xml',
    'IT01234567890";X="Y_00060.xml',
    'a/b.xml',
    'a_b.xml',
    'A_B.XML',
    REFUSED_TXT,
    'REFUSED.TXT',
    '__proto__',
    'toString',
    'IT01234567890_00001.xml',
  ];

  it('names every entry safely, once, the plain names unchanged', () => {
    const zip = zipFiles(HOSTILE_NAMES.map(file), [{ job_id: 1, field: 'x', message: 'y' }]);
    const entries = zipEntryNames(zip);
    expect(entries).toHaveLength(HOSTILE_NAMES.length + 1);
    for (const { central, local } of entries) {
      expect(local).toBe(central);
      expect(isSafeEntryName(central), JSON.stringify(central)).toBe(true);
      // One file per job: no folders at all.
      expect(central).not.toContain('/');
    }
    const names = entries.map((e) => e.central);
    // Unique even where the file system ignores case (Windows, macOS).
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names).toContain('IT01234567890_00001.xml');
    expect(names).toContain('a_b.xml');
    expect(names).toContain('IT0123€4567890_00063.xml');
    expect(names.filter((n) => n === REFUSED_TXT)).toHaveLength(1);
  });

  it('keeps plain names as they are, a second of one name numbered', () => {
    const zip = zipFiles(['factur-x-1.pdf', 'factur-x-1.pdf', 'EXTF_Buchungsstapel_20260101.csv'].map(file));
    expect(zipEntryNames(zip).map((e) => e.central)).toEqual([
      'factur-x-1.pdf',
      'factur-x-1-2.pdf',
      'EXTF_Buchungsstapel_20260101.csv',
    ]);
  });
});

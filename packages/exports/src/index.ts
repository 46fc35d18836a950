// Files for accounting systems, written from read invoices. Knows nothing of HTTP or storage: it
// takes the engine's result of each job (with a person's corrections) and returns bytes.

export { type CiiProfile, ciiXml, en16931Missing } from './cii.js';
export {
  type CompanyProfile,
  EMPTY_COMPANY_PROFILE,
  type FilledTerm,
  filledNote,
  filledTerms,
  withCompanyProfile,
} from './company-profile.js';
export {
  FACTURX_EN16931_ID,
  FACTURX_FILENAME,
  type FacturxOptions,
  facturxMissing,
  writeFacturx,
} from './facturx.js';
export {
  FACTURX_PROFILES,
  type FacturxLevel,
  type FacturxProfile,
  facturxProfileMissing,
  facturxProfileOf,
} from './facturx-profiles.js';
export { fatturaPaFilename, writeFatturaPa } from './fatturapa.js';
export { contentDisposition, safeFileName, uniqueFileName } from './file-names.js';
export {
  FILL_IN_LANGS,
  type FillInField,
  type FillInKind,
  type FillInLang,
  fillInField,
  fillInForm,
  fillInLang,
} from './fill-in.js';
export { EXPORT_FORMATS, type ExportFormat, exportFormat } from './formats.js';
export { type ExportFile, type ExportJob, ExportRefused, fileStem, type Refusal } from './input.js';
export { belegfeld1, DATEV_COLUMNS, fiscalYearOf, type LedgerDeOptions, writeLedgerDe } from './ledger-de.js';
export { LEDGER_RU_HEADER, writeLedgerRu } from './ledger-ru.js';
export { PEPPOL_BIS_ID, PEPPOL_BIS_PROFILE, peppolMissing, writePeppolUbl } from './peppol-ubl.js';
export { type UblIds, ublInvoiceXml } from './ubl-invoice.js';
export { writeXrechnungCii, XRECHNUNG_CII_ID, xrechnungMissing } from './xrechnung-cii.js';
export { writeXrechnungUbl, XRECHNUNG_UBL_ID } from './xrechnung-ubl.js';
export { FROM_PROFILE_TXT, REFUSED_TXT, refusedText, zipFiles } from './zip.js';

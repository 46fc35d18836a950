// Files for accounting systems, written from read invoices. Knows nothing of HTTP or storage: it
// takes the engine's result of each job (with a person's corrections) and returns bytes.

export { writeFatturaPa } from './fatturapa.js';
export { type ExportFile, type ExportJob, ExportRefused, type Refusal } from './input.js';
export { belegfeld1, DATEV_COLUMNS, type LedgerDeOptions, writeLedgerDe } from './ledger-de.js';
export { LEDGER_RU_HEADER, writeLedgerRu } from './ledger-ru.js';
export { PEPPOL_BIS_ID, PEPPOL_BIS_PROFILE, peppolMissing, writePeppolUbl } from './peppol-ubl.js';
export { type UblIds, ublInvoiceXml } from './ubl-invoice.js';
export { writeXrechnungCii, XRECHNUNG_CII_ID, xrechnungMissing } from './xrechnung-cii.js';
export { writeXrechnungUbl, XRECHNUNG_UBL_ID } from './xrechnung-ubl.js';

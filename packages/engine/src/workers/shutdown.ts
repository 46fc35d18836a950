// Ends every worker the engine started: the page pool (rendering, QR codes, OCR) and the read
// pool (pdf.js parsing). Hosts call it on graceful shutdown; a CLI may simply exit.
import { shutdownPageWorkers } from './page-tasks.js';
import { shutdownReadWorkers } from './read-tasks.js';

export async function shutdownWorkers(): Promise<void> {
  await Promise.all([shutdownPageWorkers(), shutdownReadWorkers()]);
}

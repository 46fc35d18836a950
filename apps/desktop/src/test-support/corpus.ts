// Files of the shared corpus the desktop tests drop into watched folders, and a temp folder maker.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corpusDir } from '../../../server/src/test-support/server.js';

export { call, corpusDir, startTestServer, waitFor } from '../../../server/src/test-support/server.js';

export const EINVOICE = path.join(corpusDir, 'einvoice/akretion-factur-x/factur-x-en16931.xml');
export const TEXT_PDF = path.join(corpusDir, 'textpdf/invoice2data/NetpresseInvoice.pdf');
export const SCAN = path.join(corpusDir, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png');

export const tempDir = (name: string): string => mkdtempSync(path.join(tmpdir(), `ir-desktop-${name}-`));
export { linkIn, startTestSmtp } from '../../../server/src/test-support/smtp.js';

/** A loopback address where nothing listens: the service as seen from a machine that is offline. */
export async function unreachableUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as import('node:net').AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

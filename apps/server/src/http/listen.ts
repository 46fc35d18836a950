// Starting an HTTP server on the configured host and port, shared by the service and a worker's
// health port: resolves once it listens (rejects on EADDRINUSE and the like) with its address.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `host`:`port` (0: a free port) and answers the port it got and the server's own URL. */
export async function listen(
  http: Server,
  host: string,
  port: number,
): Promise<{ port: number; url: string }> {
  http.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    http.once('listening', resolve);
    http.once('error', reject);
  });
  const bound = (http.address() as AddressInfo).port;
  return { port: bound, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}` };
}

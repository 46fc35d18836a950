// Entry of the Electron utility process: runs the core service (watching, reading, the store,
// sync) off the main process and answers the requests the main process relays over parentPort.
import type {} from 'electron';
import { CoreService } from '../core/service.js';
import { CORE_METHODS, type CoreMessage, type CoreRequest } from '../ipc.js';

const storeDir = process.argv[2];
if (!storeDir) throw new Error('core-process: the store folder is the first argument');
const port = process.parentPort;
const send = (message: CoreMessage) => port.postMessage(message);
const log = (message: string, data?: Record<string, unknown>) =>
  process.stderr.write(`${JSON.stringify({ level: 'info', message, ...data })}\n`);

const service = new CoreService({ storeDir, log, onJob: (job) => send({ event: 'job', job }) });

port.on('message', async (e: Electron.MessageEvent) => {
  const req = e.data as CoreRequest;
  if (!CORE_METHODS.includes(req.method)) {
    send({ id: req.id, ok: false, error: `unknown method ${String(req.method)}` });
    return;
  }
  try {
    const fn = service[req.method] as (...args: unknown[]) => unknown;
    send({ id: req.id, ok: true, value: await fn.apply(service, req.args) });
  } catch (err) {
    // A refusal (a bad setting, a wrong value) goes back to the screen; the process goes on.
    send({ id: req.id, ok: false, error: (err as Error)?.message ?? String(err) });
  }
});

process.once('SIGTERM', () => void service.stop().finally(() => process.exit(0)));

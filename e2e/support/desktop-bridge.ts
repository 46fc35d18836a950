// A test bridge for the desktop window without Electron (its binary cannot be downloaded here):
// the real core service (plain Node, real SQLite in a temp folder, real watched folder) behind a
// loopback HTTP server that also serves the built renderer (apps/desktop/dist/renderer-app). The
// page gets a stand-in `window.invoiceReader` (DESKTOP_API_SCRIPT, via page.addInitScript) that
// forwards each call of the preload's contract (src/ipc.ts DesktopApi) to the core here, as the
// preload forwards it over IPC in the app. It carries calls; it imitates none of our own code.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CoreService } from '../../apps/desktop/dist/core/service.js';
import { CORE_METHODS, type JobView } from '../../apps/desktop/dist/ipc.js';
import { repoRoot } from './app';

const appDir = path.join(repoRoot, 'apps/desktop/dist/renderer-app');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

export interface DesktopBridge {
  url: string;
  service: CoreService;
  /** The folder picker's answer (the app shows the OS dialog). */
  chosenFolder: string | null;
  /** Addresses the window asked to open in the browser (the main process's shell.openExternal). */
  opened: string[];
  /** How often the window asked to open the data folder (shell.openPath in the app). */
  dataFolderOpened: number;
  stop(): Promise<void>;
}

export async function startDesktopBridge(storeDir: string): Promise<DesktopBridge> {
  const listeners = new Set<(job: JobView) => void>();
  const service = new CoreService({
    storeDir,
    onJob: (job) => {
      for (const l of listeners) l(job);
    },
  });
  const bridge: DesktopBridge = {
    url: '',
    service,
    chosenFolder: null,
    opened: [],
    dataFolderOpened: 0,
    stop: async () => {},
  };
  // What the main process does itself (src/main/main.ts), recorded instead of done.
  const mainProcess: Record<string, (...args: unknown[]) => unknown> = {
    chooseFolder: () => bridge.chosenFolder,
    openExternal: (url) => {
      bridge.opened.push(String(url));
    },
    openDataFolder: () => {
      bridge.dataFolderOpened++;
    },
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (req.method === 'POST' && url.pathname.startsWith('/call/')) {
        const method = url.pathname.slice('/call/'.length);
        let body = '';
        for await (const chunk of req) body += chunk;
        const args = JSON.parse(body) as unknown[];
        const value = mainProcess[method]
          ? mainProcess[method](...args)
          : await (service as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!.apply(
              service,
              args,
            );
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true, value: value ?? null }));
      } else if (url.pathname === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        const send = (job: JobView) => res.write(`data: ${JSON.stringify(job)}\n\n`);
        listeners.add(send);
        req.on('close', () => listeners.delete(send));
      } else {
        const file = path.join(appDir, path.normalize(url.pathname === '/' ? '/index.html' : url.pathname));
        if (!file.startsWith(appDir)) throw new Error('outside the app');
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.end(await readFile(file));
      }
    } catch (err) {
      // What the core refused (e.g. an edit that fails its check) goes back as the preload's rejection.
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  bridge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bridge.stop = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await service.stop();
  };
  return bridge;
}

/** The stand-in preload: `window.invoiceReader` with each call sent to the bridge (same origin). */
export const DESKTOP_API_SCRIPT = `(() => {
  const call = (method) => async (...args) => {
    const res = await fetch('/call/' + method, { method: 'POST', body: JSON.stringify(args) });
    const answer = await res.json();
    if (!answer.ok) throw new Error(answer.error);
    return answer.value;
  };
  const methods = ${JSON.stringify([...CORE_METHODS, 'chooseFolder', 'openExternal', 'openDataFolder'])};
  const api = Object.fromEntries(methods.map((m) => [m, call(m)]));
  api.onJob = (listener) => {
    const events = new EventSource('/events');
    events.onmessage = (e) => listener(JSON.parse(e.data));
    return () => events.close();
  };
  window.invoiceReader = api;
})();`;

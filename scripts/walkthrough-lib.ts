// Runs a doc's walkthrough as written: the ```sh blocks of one section, in order, in one bash
// session, against a real server (apps/server/dist/main.js as a child process) on a random port
// with a temporary DATA_DIR. Only `export BASE=http://localhost:8080` is rewritten to the test
// server's address, so a stale command, a renamed field or a changed answer fails the test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');
export const BASE_LINE = 'export BASE=http://localhost:8080';

/** The ```sh blocks between `## <heading>` and the next `## ` heading, in order. */
export function walkthroughBlocks(markdown: string, heading = 'Walkthrough'): string[] {
  const section =
    new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(markdown)?.[1] ?? '';
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runBash(source: string, env: Record<string, string>, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', source], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface ServerProcess {
  base: string;
  dataDir: string;
  log(): string;
  stop(): Promise<void>;
}

/** The built service as a child process on a random port, with a temporary DATA_DIR. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ir-walkthrough-'));
  let serverLog = '';
  const server: ChildProcess = spawn(process.execPath, [mainJs], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr?.on('data', (d) => {
    serverLog += d;
  });
  // The server logs one JSON line per event; "listening" carries its address.
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start\n${serverLog}`)), 60_000);
    server.once('exit', (code) => reject(new Error(`the server exited (${code})\n${serverLog}`)));
    let buffered = '';
    server.stdout?.on('data', (d) => {
      buffered += d;
      serverLog += d;
      for (const line of buffered.split('\n')) {
        if (!line.includes('"listening"')) continue;
        try {
          const url = JSON.parse(line).url;
          clearTimeout(timer);
          resolve(url);
        } catch {}
      }
    });
  });
  return {
    base,
    dataDir,
    log: () => serverLog,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// `npm start`: the service on its embedded defaults (SQLite and blobs under ./data, port 8080).
// `--role api` or `--role worker` (npm run start:api, start:worker; or ROLE) starts one part of
// the scaled-out form on a shared PostgreSQL. SIGTERM or SIGINT stops it gracefully; a second
// signal stops it at once.
import { lowerHelperThreadPriority } from '@invoice-reader/engine';
import { ConfigError, describeConfig, loadConfig } from './config.js';
import { createLogger } from './log.js';
import { startServer } from './server.js';
import { startWorker } from './worker.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  // `--role X` on the command line is ROLE (the npm scripts pass it).
  const i = process.argv.indexOf('--role');
  const env = i > 0 ? { ...process.env, ROLE: process.argv[i + 1] } : process.env;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Before any worker exists: Node's helper threads then share the CPU with the page readers,
  // and this thread alone answers requests at the default priority (workers/priority.ts).
  const helperThreadsLowered = lowerHelperThreadPriority();
  const log = createLogger(config.logLevel);
  log.info('starting', { config: describeConfig(config), helperThreadsLowered });
  const server = config.role === 'worker' ? await startWorker(config, log) : await startServer(config, log);
  let signalled = false;
  const stop = (signal: string) => {
    if (signalled) process.exit(1);
    signalled = true;
    log.info('shutting down', { signal });
    server.close().then(
      () => process.exit(0),
      (err) => {
        log.error('shutdown failed', { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

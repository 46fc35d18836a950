#!/usr/bin/env node
// `npm run cluster`: the scaled-out form on this machine, to try it: a throw-away PostgreSQL, an
// S3-compatible bucket, two API processes and two workers (cluster-lib.mjs), an account with a
// key. Prints the addresses and a curl to paste; Ctrl-C stops everything and removes the
// temporary folders. `--apis N --workers N` change the counts.
import { startCluster } from './cluster-lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
console.log('cluster: starting PostgreSQL, the bucket and the processes…');
const cluster = await startCluster({
  apis: arg('apis', 2),
  workers: arg('workers', 2),
  env: { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY ?? '1' },
  onLine: (proc, line) => {
    // Warnings and errors only (not Node's own notices on stderr).
    if (/"level":"(warn|error|fatal)"/.test(line)) console.log(`[${proc.name}] ${line}`);
  },
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\ncluster: stopping…');
  await cluster.stop();
  console.log('cluster: stopped; temporary folders removed');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
try {
  await cluster.admin('create-account', '--email', 'cluster@example.com');
  await cluster.admin('top-up', '--email', 'cluster@example.com', '--amount-eur', '20');
  const { key } = await cluster.admin('create-key', '--email', 'cluster@example.com');
  console.log(`PostgreSQL  ${cluster.pg.url}`);
  console.log(`bucket      ${cluster.env.BLOB_URL} (files in ${cluster.s3dir})`);
  for (const p of cluster.apis) console.log(`${p.name.padEnd(11)} ${p.url}`);
  for (const p of cluster.workers) console.log(`${p.name.padEnd(11)} ${p.url}/health`);
  console.log(`\nAn account with €20 and this API key: ${key}\nTry:\n`);
  console.log(
    `  curl -s -H 'x-api-key: ${key}' -F file=@../shared/corpus/textpdf/invoice2data/NetpresseInvoice.pdf ${cluster.apis[0].url}/v1/parse`,
  );
  console.log(`  curl -s -H 'x-api-key: ${key}' ${cluster.apis.at(-1).url}/v1/parse/JOB_ID\n`);
  console.log('Ctrl-C stops everything.');
} catch (err) {
  console.error(`cluster: ${err.message}`);
  await cluster.stop();
  process.exit(1);
}

// Types for scripts/cluster-lib.mjs, for the cluster test.
import type { ChildProcess } from 'node:child_process';
import type { RunningPostgres } from './postgres.mjs';

export const BUCKET: string;

export interface ClusterProcess {
  role: 'api' | 'worker';
  name: string;
  child: ChildProcess;
  url: string;
  exited: boolean;
  /** Every line it wrote on stdout (its log). */
  lines: string[];
}

export interface Cluster {
  pg: RunningPostgres;
  s3dir: string;
  dataDir: string;
  env: Record<string, string>;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  start(role: 'api' | 'worker', name: string, extra?: Record<string, string>): Promise<ClusterProcess>;
  kill(proc: ClusterProcess): Promise<void>;
  admin(...args: string[]): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export function startCluster(options?: {
  apis?: number;
  workers?: number;
  env?: Record<string, string>;
  onLine?: (proc: ClusterProcess, line: string) => void;
}): Promise<Cluster>;

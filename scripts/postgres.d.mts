export const PG_BIN: string;
export interface RunningPostgres {
  url: string;
  port: number;
  dir: string;
  /** The watcher that stops the server and removes `dir` if the starting process dies. */
  watcherPid: number | undefined;
  restart(): Promise<void>;
  /** Stops the server, keeping its folder (start() starts it again). */
  halt(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
export function startPostgres(options?: { durable?: boolean }): Promise<RunningPostgres>;

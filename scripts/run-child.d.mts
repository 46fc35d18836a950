// Types for scripts/run-child.mjs.
export type ChildOptions = {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to the child's stdin, which is then closed; without it stdin is ignored. */
  input?: string | Uint8Array;
  /** The child is killed (SIGKILL) after this long, and the result says timedOut. */
  timeoutMs?: number;
};
export type ChildResult = {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
};
export function runChild(
  command: string,
  args: readonly string[],
  options?: ChildOptions,
): Promise<ChildResult>;
export function runChildOk(
  command: string,
  args: readonly string[],
  options?: ChildOptions,
): Promise<ChildResult>;

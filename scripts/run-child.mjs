// Runs a command as a child process and waits for it without blocking the event loop. Tests use
// this, never spawnSync or execFileSync: while a synchronous call waits, the test worker cannot
// answer the test runner, and a child that needed over a minute on a busy machine made vitest end
// a run whose every test had passed with "Timeout calling onTaskUpdate".
import { spawn } from 'node:child_process';

export function runChild(command, args, options = {}) {
  const { env, cwd, input, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env,
      cwd,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close', not 'exit': the output streams have been read to their end.
    child.once('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, timedOut });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

/** runChild, and an error with the child's stderr unless it exited 0. */
export async function runChildOk(command, args, options = {}) {
  const r = await runChild(command, args, options);
  if (r.status !== 0) {
    const why = r.timedOut ? `timed out after ${options.timeoutMs} ms` : `exited ${r.status ?? r.signal}`;
    throw new Error(`${command} ${args.join(' ')} ${why}\n${r.stderr}`);
  }
  return r;
}

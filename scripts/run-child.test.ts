import { describe, expect, it } from 'vitest';
import { runChild, runChildOk } from './run-child.mjs';

const node = (code: string) => [process.execPath, ['-e', code]] as const;

describe('runChild', () => {
  it('gives the exit status and both streams, with stdin from input', async () => {
    const r = await runChild(
      ...node(
        "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{process.stdout.write(s.toUpperCase());process.stderr.write('e');process.exit(3)})",
      ),
      { input: 'hello' },
    );
    expect(r).toEqual({ status: 3, signal: null, stdout: 'HELLO', stderr: 'e', timedOut: false });
  });

  it('kills a child that outlives its time limit, and the event loop ran meanwhile', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const r = await runChild(...node('setTimeout(() => {}, 60_000)'), { timeoutMs: 500 });
    clearInterval(ticker);
    expect([r.timedOut, r.signal, r.status]).toEqual([true, 'SIGKILL', null]);
    expect(ticks).toBeGreaterThan(0);
  });

  it('runChildOk throws with the stderr of a child that failed', async () => {
    await expect(runChildOk(...node("console.error('broken'); process.exit(2)"))).rejects.toThrow(
      /exited 2\nbroken/,
    );
    expect((await runChildOk(...node("console.log('ok')"))).stdout).toBe('ok\n');
  });
});

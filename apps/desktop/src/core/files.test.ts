import { appendFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/corpus.js';
import { isJunk, isJunkPath, waitUntilStable } from './files.js';
import { safeName, targetOf } from './move.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('files of a watched folder', () => {
  it('knows junk names', () => {
    for (const n of [
      '.DS_Store',
      'Thumbs.db',
      'desktop.ini',
      '~$rechnung.docx',
      'a.pdf.part',
      'a.crdownload',
      'x.tmp',
      'x~',
    ])
      expect(isJunk(n), n).toBe(true);
    for (const n of ['rechnung.pdf', 'scan 1.png', 'factur-x.xml']) expect(isJunk(n), n).toBe(false);
    expect(isJunkPath('/w', '/w/__MACOSX/a.pdf')).toBe(true);
    expect(isJunkPath('/w', '/w/2026/a.pdf')).toBe(false);
  });

  it('waits while a file keeps changing, answers at once for an old file, null for a vanished one', async () => {
    const dir = tempDir('stable');
    dirs.push(dir);
    const file = path.join(dir, 'growing.pdf');
    writeFileSync(file, 'x');
    let settled = false;
    const stable = waitUntilStable(file, 5_000, 10).then((v) => {
      settled = true;
      return v;
    });
    for (let i = 0; i < 20; i++) {
      appendFileSync(file, `chunk ${i}\n`);
      await new Promise((r) => setImmediate(r));
      expect(settled).toBe(false);
    }
    // An old file (written long before) needs no wait: set its time back instead of waiting.
    const old = path.join(dir, 'old.pdf');
    writeFileSync(old, 'old');
    utimesSync(old, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(await waitUntilStable(old, 60_000)).toBe('3:' + new Date(2020, 0, 1).getTime());
    rmSync(file);
    expect(await stable).toBeNull();
  });

  it('fills a move pattern with safe names', () => {
    const fields = { seller_name: 'ACME / GmbH: "Nord"', invoice_date: '2026-01-31', invoice_no: 'R 1/2' };
    expect(targetOf('{seller}/{date}_{no}.pdf', fields, 'in.xml')).toBe(
      path.join('ACME - GmbH_ _Nord_', '2026-01-31_R 1-2.xml'),
    );
    expect(targetOf('{seller}/{no}.pdf', {}, 'a.pdf')).toBe(path.join('unknown', 'unknown.pdf'));
    expect(targetOf('done/', fields, 'a.pdf')).toBe(path.join('done', 'a.pdf'));
    expect(safeName('CON')).toBe('_CON');
    expect(safeName('..')).toBe('_');
    expect(safeName('a.\u0007b. ')).toBe('a._b');
  });
});

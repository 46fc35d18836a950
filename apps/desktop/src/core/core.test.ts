import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EINVOICE, SCAN, TEXT_PDF, tempDir, waitFor } from '../test-support/corpus.js';
import { DesktopCore } from './core.js';
import { sha256 } from './files.js';
import { allJobs, jobById, jobBySha, type LocalJob, outboxRows } from './store.js';

const cores: DesktopCore[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(opts: { movePattern?: string; quietMs?: number } = {}) {
  const watchDir = tempDir('watch');
  const storeDir = tempDir('store');
  dirs.push(watchDir, storeDir);
  const core = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', quietMs: 300, ...opts });
  cores.push(core);
  return { core, watchDir, storeDir };
}

const ended = (j: LocalJob | undefined) =>
  j && (j.status === 'done' || j.status === 'failed') ? j : undefined;
const fieldsOf = (j: LocalJob) => JSON.parse(j.result ?? '{}').fields as Record<string, string>;

describe('the desktop core', () => {
  it('reads files dropped into a watched folder: e-invoice, text PDF, scan, a broken file, one still being written', async () => {
    // A quiet time well above the gaps between the chunks below, even on a busy machine.
    const { core, watchDir } = setup({ quietMs: 1500 });
    core.watch();
    await core.ready();
    copyFileSync(EINVOICE, path.join(watchDir, 'einvoice.xml'));
    mkdirSync(path.join(watchDir, 'sub'));
    copyFileSync(TEXT_PDF, path.join(watchDir, 'sub', 'text.pdf'));
    copyFileSync(SCAN, path.join(watchDir, 'scan.png'));
    writeFileSync(path.join(watchDir, 'broken.pdf'), '%PDF-1.7\nthis is no pdf at all');
    // OS litter and temp files are never read.
    writeFileSync(path.join(watchDir, '.DS_Store'), 'junk');
    writeFileSync(path.join(watchDir, 'Thumbs.db'), 'junk');
    writeFileSync(path.join(watchDir, 'download.pdf.crdownload'), '%PDF-1.7 half');
    writeFileSync(path.join(watchDir, '~$invoice.docx'), 'lock');

    // A file still being written: chunks keep arriving while the watcher looks at it.
    const slow = readFileSync(TEXT_PDF);
    const slowPath = path.join(watchDir, 'slow-copy.pdf');
    const handle = await open(slowPath, 'w');
    const chunk = Math.ceil(slow.length / 8);
    for (let i = 0; i < slow.length; i += chunk) {
      await handle.write(slow.subarray(i, i + chunk));
      await new Promise((r) => setImmediate(r));
    }
    await handle.close();

    const want = [EINVOICE, TEXT_PDF, SCAN].map((f) => sha256(readFileSync(f)));
    const broken = sha256(readFileSync(path.join(watchDir, 'broken.pdf')));
    const jobs = await waitFor(
      () => {
        const all = [...want, broken].map((h) => ended(jobBySha(core.db, h)));
        return all.every(Boolean) ? (all as LocalJob[]) : undefined;
      },
      'all files read',
      180_000,
    );
    await core.drain();

    const [xml, text, scan, bad] = jobs as [LocalJob, LocalJob, LocalJob, LocalJob];
    expect(xml).toMatchObject({ status: 'done', mode: 'xml', filename: 'einvoice.xml', source: 'desktop' });
    expect(fieldsOf(xml).invoice_no).toBeTruthy();
    expect(text).toMatchObject({ status: 'done', mode: 'text' });
    expect(fieldsOf(text).gross_amount).toMatch(/^\d+\.\d{2}$/);
    expect(scan).toMatchObject({ status: 'done', mode: 'ocr' });
    expect(scan.pagesScanned).toBeGreaterThan(0);
    expect(bad.status).toBe('failed');
    expect(bad.error).toBe('malformed_pdf');
    expect(bad.message).toBeTruthy();
    // The text PDF and its slow copy are one content: read once.
    const names = allJobs(core.db).map((j) => j.filename);
    expect(names.filter((n) => n === 'text.pdf' || n === 'slow-copy.pdf')).toHaveLength(1);
    for (const junk of ['.DS_Store', 'Thumbs.db', 'download.pdf.crdownload', '~$invoice.docx'])
      expect(names).not.toContain(junk);
    // The copy was read only once whole: no row holds a part of it.
    expect(allJobs(core.db).filter((j) => j.filename === 'slow-copy.pdf' && j.sha256 !== want[1])).toEqual(
      [],
    );
    expect(allJobs(core.db).every((j) => j.status === 'done' || j.status === 'failed')).toBe(true);
    // Read jobs wait in the sync outbox.
    expect(outboxRows(core.db).map((r) => r.jobId)).toEqual(
      expect.arrayContaining([xml.id, text.id, scan.id]),
    );
  });

  it('reads each content once: copies and a rescan add nothing, a changed file is read again', async () => {
    const { core, watchDir } = setup();
    copyFileSync(EINVOICE, path.join(watchDir, 'a.xml'));
    copyFileSync(EINVOICE, path.join(watchDir, 'copy of a.xml'));
    const first = await core.scan();
    await core.drain();
    // Offered side by side: whichever came second is the duplicate.
    expect(first.map((o) => o.duplicate).sort()).toEqual([false, true]);
    expect(first[0]!.job.id).toBe(first[1]!.job.id);
    expect(await core.scan()).toEqual([]);
    expect(allJobs(core.db)).toHaveLength(1);
    writeFileSync(path.join(watchDir, 'a.xml'), readFileSync(TEXT_PDF));
    const changed = await core.scan();
    expect(changed).toHaveLength(1);
    expect(changed[0]!.duplicate).toBe(false);
    await core.drain();
    expect(allJobs(core.db).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('reads again a file cut off by a stop, but gives up on one that was cut off three times', async () => {
    const { core, watchDir, storeDir } = setup();
    copyFileSync(EINVOICE, path.join(watchDir, 'a.xml'));
    copyFileSync(TEXT_PDF, path.join(watchDir, 'b.pdf'));
    const offered = await core.scan();
    await core.drain();
    const [a, b] = offered.map((o) => o.job.id).sort() as [number, number];
    // As a kill leaves them: `processing`, once and three times started.
    core.db.$client
      .prepare("update jobs set status = 'processing', attempts = 1, result = null where id = ?")
      .run(a);
    core.db.$client.prepare("update jobs set status = 'processing', attempts = 3 where id = ?").run(b);
    await core.stop();
    cores.length = 0;
    const again = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', quietMs: 100 });
    cores.push(again);
    await again.drain();
    expect(jobById(again.db, a)).toMatchObject({ status: 'done', attempts: 2 });
    expect(jobById(again.db, b)).toMatchObject({ status: 'failed', error: 'internal_error' });
    expect(jobById(again.db, b)!.message).toMatch(/cut off 3 times/);
  });

  it('keeps a person’s edits (checked; the later edit wins per field)', async () => {
    const { core, watchDir } = setup();
    copyFileSync(EINVOICE, path.join(watchDir, 'a.xml'));
    const [o] = await core.scan();
    await core.drain();
    const edited = core.edit(o!.job.id, { invoice_no: 'R-42' }, '2026-01-02T00:00:00.000Z');
    expect(fieldsOf(edited).invoice_no).toBe('R-42');
    const detail = JSON.parse(edited.result!).fields_detailed.find(
      (d: { key: string }) => d.key === 'invoice_no',
    );
    expect(detail).toMatchObject({ value: 'R-42', edited: true });
    // An older edit of the same field loses; a bad value is refused with the reason.
    core.edit(o!.job.id, { invoice_no: 'OLD' }, '2026-01-01T00:00:00.000Z');
    expect(fieldsOf(jobById(core.db, o!.job.id)!).invoice_no).toBe('R-42');
    expect(() => core.edit(o!.job.id, { invoice_date: '2026-02-31' })).toThrow(/YYYY-MM-DD/);
  });

  it('a file read again at the same path replaces the failed row of its half-written content', async () => {
    const { core, watchDir } = setup();
    const whole = readFileSync(TEXT_PDF);
    const file = path.join(watchDir, 'paused.pdf');
    // A copy that paused halfway for longer than the quiet time: its half looks whole, and fails.
    const past = new Date(Date.now() - 60_000);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    utimesSync(file, past, past);
    await core.scan();
    await core.drain();
    expect(allJobs(core.db).map((j) => [j.filename, j.status])).toEqual([['paused.pdf', 'failed']]);
    // The copy goes on: the whole file is read, and its row is the only one of the file.
    writeFileSync(file, whole);
    utimesSync(file, past, new Date(Date.now() - 30_000));
    await core.scan();
    await core.drain();
    expect(allJobs(core.db).map((j) => [j.filename, j.status, j.sha256])).toEqual([
      ['paused.pdf', 'done', sha256(whole)],
    ]);
    // A failed row of another file stays, and so does an earlier done content of a changed file.
    writeFileSync(path.join(watchDir, 'broken.pdf'), '%PDF-1.7\nthis is no pdf at all');
    writeFileSync(file, readFileSync(EINVOICE));
    await core.scan();
    await core.drain();
    expect(
      allJobs(core.db)
        .map((j) => `${j.filename} ${j.status}`)
        .sort(),
    ).toEqual(['broken.pdf failed', 'paused.pdf done', 'paused.pdf done']);
  });

  it('moves a read file by the pattern, with safe names and never over an existing file', async () => {
    const { core, watchDir } = setup({ movePattern: '{seller}/{date}_{no}.pdf' });
    copyFileSync(EINVOICE, path.join(watchDir, 'in.xml'));
    const [o] = await core.scan();
    await core.drain();
    const job = jobById(core.db, o!.job.id)!;
    const f = fieldsOf(job);
    expect(job.status).toBe('done');
    const rel = path.relative(watchDir, job.path);
    // The file keeps its own extension; `/` in a value never makes a folder.
    expect(rel.split(path.sep)).toHaveLength(2);
    expect(rel).toMatch(/\.xml$/);
    expect(rel).toContain(f.invoice_date!);
    expect(existsSync(job.path)).toBe(true);
    expect(existsSync(path.join(watchDir, 'in.xml'))).toBe(false);
    expect(sha256(readFileSync(job.path))).toBe(job.sha256);

    // The same target taken: the next file gets a number, nothing is overwritten.
    const { core: other, watchDir: otherDir } = setup({ movePattern: 'done/' });
    mkdirSync(path.join(otherDir, 'done'));
    writeFileSync(path.join(otherDir, 'done', 'in.xml'), 'already here');
    copyFileSync(EINVOICE, path.join(otherDir, 'in.xml'));
    await other.scan();
    await other.drain();
    const moved = jobBySha(other.db, sha256(readFileSync(EINVOICE)))!;
    expect(path.relative(otherDir, moved.path)).toBe(path.join('done', 'in (2).xml'));
    expect(readFileSync(path.join(otherDir, 'done', 'in.xml'), 'utf8')).toBe('already here');
  });
  it('does not follow a symlinked folder out of the watched folder, nor move files from outside into it', async () => {
    const { core, watchDir } = setup({ movePattern: 'done/' });
    const outside = tempDir('outside');
    dirs.push(outside);
    const xml = readFileSync(EINVOICE, 'utf8');
    const past = new Date(Date.now() - 60_000);
    for (let i = 0; i < 3; i++) {
      const f = path.join(outside, `o${i}.xml`);
      writeFileSync(
        f,
        xml.replace('</rsm:CrossIndustryInvoice>', `<!-- outside ${i} --></rsm:CrossIndustryInvoice>`),
      );
      utimesSync(f, past, past);
    }
    symlinkSync(outside, path.join(watchDir, 'link-dir'));
    symlinkSync(path.join(outside, 'o0.xml'), path.join(watchDir, 'link-file.xml'));
    copyFileSync(EINVOICE, path.join(watchDir, 'inside.xml'));
    utimesSync(path.join(watchDir, 'inside.xml'), past, past);
    core.watch();
    await core.ready();
    const inside = sha256(readFileSync(EINVOICE));
    await waitFor(() => ended(jobBySha(core.db, inside)), 'the file inside read', 120_000);
    // A file dropped after the first walk is read after everything the first walk offered.
    writeFileSync(path.join(watchDir, 'later.pdf'), readFileSync(TEXT_PDF));
    const later = sha256(readFileSync(TEXT_PDF));
    await waitFor(() => ended(jobBySha(core.db, later)), 'the later file read', 120_000);
    await core.drain();

    expect(
      allJobs(core.db)
        .map((j) => j.filename)
        .sort(),
    ).toEqual(['inside.xml', 'later.pdf']);
    expect(readdirSync(outside).sort()).toEqual(['o0.xml', 'o1.xml', 'o2.xml']);
    expect(readdirSync(path.join(watchDir, 'done')).sort()).toEqual(['inside.xml', 'later.pdf']);
    // The --once walk agrees.
    expect(await core.scan()).toEqual([]);

    // A watched folder that is itself a link is watched (its real path), its links still not followed.
    const realRoot = tempDir('real');
    const linkedRoot = path.join(tempDir('linked'), 'root');
    const viaStore = tempDir('store');
    dirs.push(realRoot, path.dirname(linkedRoot), viaStore);
    symlinkSync(realRoot, linkedRoot);
    const viaLink = new DesktopCore({
      storeDir: viaStore,
      folders: [linkedRoot],
      country: 'de',
      quietMs: 300,
    });
    cores.push(viaLink);
    viaLink.watch();
    await viaLink.ready();
    writeFileSync(path.join(realRoot, 'via-link.xml'), readFileSync(EINVOICE));
    await waitFor(() => ended(jobBySha(viaLink.db, inside)), 'the file in a linked folder read', 120_000);
    expect(allJobs(viaLink.db).map((j) => j.filename)).toEqual(['via-link.xml']);
  });

  it('never moves a file whose real place is outside its watched folder', async () => {
    const { core, watchDir, storeDir } = setup();
    mkdirSync(path.join(watchDir, 'sub'));
    copyFileSync(EINVOICE, path.join(watchDir, 'sub', 'a.xml'));
    const [o] = await core.scan();
    await core.drain();
    await core.stop();
    cores.length = 0;
    // The subfolder is replaced by a link to a folder elsewhere after the file was read.
    const outside = tempDir('outside');
    dirs.push(outside);
    rmSync(outside, { recursive: true });
    renameSync(path.join(watchDir, 'sub'), outside);
    symlinkSync(outside, path.join(watchDir, 'sub'));
    const again = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', movePattern: 'done/' });
    cores.push(again);
    const job = await again.move(o!.job.id);
    expect(job!.path).toBe(path.join(watchDir, 'sub', 'a.xml'));
    expect(readdirSync(outside)).toEqual(['a.xml']);
    expect(existsSync(path.join(watchDir, 'done'))).toBe(false);
  });
  it('refuses a file over the limit without reading it, with one failed row that a rescan does not repeat', async () => {
    const { core, watchDir, storeDir } = setup();
    // Sparse files: 2.5 GB (more than Node reads into one buffer) and just over the 20 MB limit.
    const huge = path.join(watchDir, 'huge.pdf');
    const big = path.join(watchDir, 'big.pdf');
    writeFileSync(huge, '%PDF-1.4\n');
    truncateSync(huge, 2500 * 1024 * 1024);
    writeFileSync(big, '%PDF-1.4\n');
    truncateSync(big, 21 * 1024 * 1024);
    const offered = await core.scan();
    expect(offered).toHaveLength(2);
    await core.drain();
    // Offered side by side: either may be added first.
    const rows = allJobs(core.db).sort((a, b) => a.filename.localeCompare(b.filename));
    expect(rows.map((j) => [j.filename, j.status, j.error, j.size])).toEqual([
      ['big.pdf', 'failed', 'file_too_large', 21 * 1024 * 1024],
      ['huge.pdf', 'failed', 'file_too_large', 2500 * 1024 * 1024],
    ]);
    expect(rows[0]!.message).toMatch(/larger than/);
    expect(await core.scan()).toEqual([]);
    await core.stop();
    cores.length = 0;
    // After a restart the files are met again, and still add nothing.
    const again = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', quietMs: 100 });
    cores.push(again);
    expect((await again.scan()).map((o) => o.duplicate)).toEqual([true, true]);
    expect(allJobs(again.db)).toHaveLength(2);
  });
});

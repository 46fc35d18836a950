import { describe, expect, it } from 'vitest';
import { DataError } from './data.js';
import { exportEach } from './export-each.js';

const file = (id: number) => ({ filename: `invoice-${id}.xml`, blob: new Blob([String(id)]) });
const refused = (id: number) =>
  new DataError(422, 'validation_error', [
    { type: 'export_refused', loc: ['job', id, 'payment_means'], msg: `job ${id}: payment_means: BT-81` },
  ]);

describe('exporting each chosen invoice', () => {
  it('writes the valid ones and keeps every refusal, whatever the order', async () => {
    const out = await exportEach([7, 8, 9], async (id) => {
      if (id === 7) return file(7);
      throw refused(id);
    });
    expect(out.files.map((f) => f.filename)).toEqual(['invoice-7.xml']);
    expect(out.failed.map((f) => f.id)).toEqual([8, 9]);
    expect((out.failed[1]!.error as DataError).items[0]!.loc).toEqual(['job', 9, 'payment_means']);
  });

  it('tries every invoice even when the first is refused', async () => {
    const asked: number[] = [];
    const out = await exportEach([1, 2, 3], async (id) => {
      asked.push(id);
      if (id === 1) throw refused(1);
      return file(id);
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(out.files).toHaveLength(2);
    expect(out.failed.map((f) => f.id)).toEqual([1]);
  });
});

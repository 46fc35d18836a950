// The minimal page of the desktop window (renderer/index.html): the watched folders, sync on/off
// and the list of read files, through `window.invoiceReader`. The shared screens of packages/ui
// replace it; it keeps the window usable until then.
import type { DesktopApi, JobView } from '../ipc.js';

const api = (window as unknown as { invoiceReader: DesktopApi }).invoiceReader;
const $ = (id: string) => document.getElementById(id)!;

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text; // textContent: a file name or a read value is never markup
  return td;
}

function row(job: JobView): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.id = `job-${job.id}`;
  const f = job.fields;
  const status = job.status === 'failed' ? `failed: ${job.message ?? job.error}` : job.status;
  for (const text of [
    job.filename,
    status,
    f.seller_name ?? f.vendor_name ?? '',
    f.invoice_no ?? f.invoice_number ?? '',
    f.invoice_date ?? '',
    `${f.gross_amount ?? ''} ${f.currency ?? ''}`,
  ])
    tr.append(cell(text));
  return tr;
}

async function render(): Promise<void> {
  const settings = await api.getSettings();
  $('folders').textContent = settings.folders.join(', ') || 'none';
  ($('sync') as HTMLInputElement).checked = settings.syncEnabled;
  $('jobs').replaceChildren(...(await api.listJobs()).map(row));
}

$('add-folder').addEventListener('click', async () => {
  const folder = await api.chooseFolder();
  if (!folder) return;
  const { folders } = await api.getSettings();
  await api.setSettings({ folders: [...new Set([...folders, folder])] });
  await render();
});
$('sync').addEventListener('change', async (e) => {
  await api.setSettings({ syncEnabled: (e.target as HTMLInputElement).checked });
});
api.onJob((job) => {
  const existing = document.getElementById(`job-${job.id}`);
  if (existing) existing.replaceWith(row(job));
  else $('jobs').prepend(row(job));
});
void render();

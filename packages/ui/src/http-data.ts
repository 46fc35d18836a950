// The invoice screens' data over the service's `/api/v1` routes, with the session cookie. A
// same-origin browser request carries the Origin the server's CSRF rule asks of state-changing
// requests; uploads go through XMLHttpRequest because fetch reports no upload progress.
import {
  type CompanyProfile,
  DataError,
  DEFAULT_LEDGER_SETTINGS,
  EMPTY_COMPANY_PROFILE,
  type ErrorItem,
  type ExportedFile,
  type InvoiceData,
  type JobSummary,
  type LedgerSettings,
  type WebJob,
} from './data.js';

/** The `detail` of an error answer: a code, or a 422's items. */
export function dataErrorOf(status: number, body: unknown): DataError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return new DataError(status, 'validation_error', detail as ErrorItem[]);
  if (typeof detail === 'string') return new DataError(status, detail);
  return new DataError(status, status === 413 ? 'file_too_large' : `http_${status}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `attachment; filename="x.csv"` → `x.csv`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const m = disposition?.match(/filename="([^"]+)"/);
  return m?.[1] ?? fallback;
}

/** The service writes a fill-in form in de, en, ru or it; another language takes the account's. */
const formLang = (lang: string | undefined): string | undefined => {
  const two = lang?.slice(0, 2);
  return two && ['de', 'en', 'ru', 'it'].includes(two) ? two : undefined;
};

export function httpInvoiceData(baseUrl = ''): InvoiceData {
  const api = `${baseUrl.replace(/\/$/, '')}/api/v1`;

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${api}${path}`, { credentials: 'include', ...init });
    } catch {
      throw new DataError(0, 'network_error');
    }
    if (!res.ok) throw dataErrorOf(res.status, parseJson(await res.text()));
    return res;
  }
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => (await request(path, init)).json();
  const file = async (path: string, init: RequestInit, fallback: string): Promise<ExportedFile> => {
    const res = await request(path, init);
    const filled = res.headers.get('x-filled-from-profile');
    const profile = res.headers.get('x-export-profile');
    return {
      filename: filenameOf(res.headers.get('content-disposition'), fallback),
      blob: await res.blob(),
      ...(filled ? { fromProfile: filled.split(/,\s*/) } : {}),
      ...(profile ? { profile } : {}),
    };
  };
  return {
    async listJobs(): Promise<JobSummary[]> {
      return (await json<{ items: JobSummary[] }>('/parse?limit=500')).items;
    },
    getJob: (id) => json<WebJob>(`/parse/${id}`),
    upload(f, { country, onProgress } = {}) {
      return new Promise<WebJob>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${api}/parse/upload`);
        xhr.withCredentials = true;
        xhr.responseType = 'text';
        xhr.upload.onprogress = (e) =>
          onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : f.size });
        xhr.onload = () => {
          const body = parseJson(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300) resolve(body as WebJob);
          else reject(dataErrorOf(xhr.status, body));
        };
        xhr.onerror = () => reject(new DataError(0, 'network_error'));
        const form = new FormData();
        if (country) form.append('country', country);
        form.append('source', 'upload');
        form.append('file', f, f.name);
        xhr.send(form);
      });
    },
    patchFields: (id, values) =>
      json<WebJob>(`/parse/${id}/fields`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      }),
    patchLines: (id, values) =>
      json<WebJob>(`/parse/${id}/lines`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      }),
    reparse: (id, country) =>
      json<WebJob>(`/parse/${id}/reparse${country ? `?country=${encodeURIComponent(country)}` : ''}`, {
        method: 'POST',
      }),
    async deleteJob(id) {
      await request(`/parse/${id}`, { method: 'DELETE' });
    },
    pageImageUrl: (id, n, width = 1200) => `${api}/parse/${id}/pages/${n}.png?width=${width}`,
    exportLedger: (format, jobIds, settings) =>
      file(
        `/exports/${format}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ job_ids: jobIds, ...(format === 'ledger-de' ? settings : {}) }),
        },
        format === 'ledger-de' ? 'EXTF_Buchungsstapel.csv' : 'ledger-ru.csv',
      ),
    exportInvoice: (id, format, lang) =>
      file(
        `/parse/${id}/export/${format}${formLang(lang) ? `?lang=${formLang(lang)}` : ''}`,
        {},
        `invoice-${id}-${format}.xml`,
      ),
    async countries(lang) {
      const out = await json<{ countries: { code: string; name: string }[] }>(
        `/api/countries?lang=${encodeURIComponent(lang)}`,
      );
      return out.countries;
    },
    // Kept by the service per account (GET/PUT /api/v1/exports/settings).
    async loadLedgerSettings() {
      const { ok: _, ...saved } = await json<LedgerSettings & { ok: true }>('/exports/settings');
      return { ...DEFAULT_LEDGER_SETTINGS, ...saved };
    },
    async saveLedgerSettings(settings) {
      await request('/exports/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(settings),
      });
    },
    // Kept by the service per account (GET/PUT /api/v1/account/company).
    async loadCompanyProfile() {
      const { ok: _, ...saved } = await json<CompanyProfile & { ok: true }>('/account/company');
      return { ...EMPTY_COMPANY_PROFILE, ...saved };
    },
    async saveCompanyProfile(profile) {
      const { ok: _, ...saved } = await json<CompanyProfile & { ok: true }>('/account/company', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(profile),
      });
      return { ...EMPTY_COMPANY_PROFILE, ...saved };
    },
  };
}

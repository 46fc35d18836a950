// The one way the web application calls the service: same-origin fetch with the `sid` cookie
// (the browser adds the Origin the CSRF check wants), JSON in and out, errors as ApiError.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly body: unknown,
  ) {
    super(`${status} ${detail}`);
  }
}

export interface CallInit {
  method?: string;
  json?: unknown;
  body?: BodyInit;
}

export async function api<T>(path: string, init: CallInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(path, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's page): kept as text in the error.
  }
  if (!res.ok) {
    const detail =
      parsed && typeof parsed === 'object' && 'detail' in parsed && typeof parsed.detail === 'string'
        ? parsed.detail
        : `http_${res.status}`;
    throw new ApiError(res.status, detail, parsed);
  }
  return parsed as T;
}

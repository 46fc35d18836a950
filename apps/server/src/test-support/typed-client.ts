// A client typed by the OpenAPI document's generated types (openapi-typescript), as a client
// author would write one: a route that changes its answer's shape stops compiling here.
import type { OpenApiPaths } from '@invoice-reader/contract';
import { call } from './server.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Op<P extends keyof OpenApiPaths, M extends Method> = NonNullable<OpenApiPaths[P][M]>;
/** The JSON body of an operation's 200 answer. */
export type Answer<P extends keyof OpenApiPaths, M extends Method> =
  Op<P, M> extends {
    responses: { 200: { content: { 'application/json': infer B } } };
  }
    ? B
    : never;

export async function typed<P extends keyof OpenApiPaths, M extends Method>(
  base: string,
  method: M,
  path: P,
  init: Omit<Parameters<typeof call>[2] & object, 'method'> & {
    params?: Record<string, string | number>;
  } = {},
): Promise<{ status: number; body: Answer<P, M> }> {
  const filled = String(path).replace(/\{(\w+)\}/g, (_, k: string) => String(init.params?.[k] ?? ''));
  const r = await call(base, filled, { ...init, method: method.toUpperCase() });
  return { status: r.status, body: r.body as Answer<P, M> };
}

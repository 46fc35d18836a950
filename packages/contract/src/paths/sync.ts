// OpenAPI paths of the desktop app's sync (tag sync; beyond the spec).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { SyncChangesOut, SyncChangesQuery, SyncJobIn, SyncJobOut } from '../sync.js';
import { json, jsonBody, refusal, type Security, sessionRefusals } from './common.js';

export function registerSyncPaths(registry: OpenAPIRegistry, security: Security): void {
  const tags = ['sync'];
  registry.registerPath({
    method: 'post',
    path: '/api/v1/sync/jobs',
    operationId: 'syncDesktopJob',
    tags,
    summary: 'Send a result read by the desktop app',
    description:
      'Creates a job with `source: desktop` and status `done` from a result read on the person’s machine ' +
      '(the file itself is not sent). Never charged: nothing was read on the service. The same content ' +
      '(SHA-256) of the same account answers its earlier job; the edits sent are merged into it, the later ' +
      'edit of each field winning.',
    security: security.session,
    request: jsonBody(SyncJobIn),
    responses: {
      200: json(SyncJobOut, 'The job on the service, and its merged edits.'),
      400: refusal('`unsupported_country`.'),
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/sync/changes',
    operationId: 'syncChanges',
    tags,
    summary: 'Corrections made since a cursor',
    description:
      "The account's jobs corrected after `since`, oldest first, each with its edits per field and when " +
      'they were made; the desktop app applies those newer than its own.',
    security: security.session,
    request: { query: SyncChangesQuery },
    responses: { 200: json(SyncChangesOut, 'The changes and the next cursor.'), ...sessionRefusals(false) },
  });
}

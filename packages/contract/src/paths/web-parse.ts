// OpenAPI paths of parsing in the web application (tag web-parse).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { JobIdParams } from '../public-api.js';
import {
  DeleteOut,
  FieldsPatch,
  JobListOut,
  JobListQuery,
  LinesPatch,
  PageParams,
  PageQuery,
  ReparseQuery,
  UploadBody,
  WebJobOut,
} from '../web-parse.js';
import { json, jsonBody, refusal, type Security, sessionRefusals } from './common.js';

export function registerWebParsePaths(registry: OpenAPIRegistry, security: Security): void {
  const tags = ['web-parse'];
  const notFound = { 404: refusal('`job_not_found`: no such job of this account.') };
  registry.registerPath({
    method: 'post',
    path: '/api/v1/parse/upload',
    operationId: 'uploadInvoice',
    tags,
    summary: 'Upload an invoice',
    description:
      "A scan holds one of the web allowance's parses (`free_parses_left`); e-invoices, QR bills and text " +
      'PDFs are free. The same bytes answer the earlier job. In this answer, as `/v1/parse` answers, ' +
      '`charged` says whether the upload holds a parse (false for a duplicate, a file counted before and a ' +
      'free read); the job itself says `charged` once its read was counted.',
    security: security.session,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadBody } } } },
    responses: {
      200: json(WebJobOut, 'The job.'),
      400: refusal('`unsupported_country`, `unsupported_file_type`, `empty_file` or `too_many_pages`.'),
      402: refusal('`plan_required`: no scanned parse left.'),
      413: refusal('`file_too_large`.'),
      507: refusal("`insufficient_storage`: the server's disk is full; nothing was kept."),
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/parse',
    operationId: 'listJobs',
    tags,
    summary: "The account's jobs, newest first",
    security: security.session,
    request: { query: JobListQuery },
    responses: { 200: json(JobListOut, 'The list.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/parse/{job_id}',
    operationId: 'getJob',
    tags,
    summary: 'One job',
    security: security.session,
    request: { params: JobIdParams },
    responses: { 200: json(WebJobOut, 'The job.'), ...notFound, ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/v1/parse/{job_id}',
    operationId: 'deleteJob',
    tags,
    summary: 'Delete a job: its file and result are gone, the ledger stays',
    security: security.session,
    request: { params: JobIdParams },
    responses: {
      200: json(DeleteOut, 'Deleted.'),
      409: refusal('`job_running`: wait until it ends.'),
      ...notFound,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/v1/parse/{job_id}/fields',
    operationId: 'editFields',
    tags,
    summary: 'Correct fields',
    description:
      'Each value is checked by its kind (date, amount, IBAN, BIC, VAT id, currency, ...); an accepted one is ' +
      '`edited`, `source: user`, `confirmed`, and `document` and `checks` follow it.',
    security: security.session,
    request: { params: JobIdParams, ...jsonBody(FieldsPatch) },
    responses: {
      200: json(WebJobOut, 'The job as corrected.'),
      409: refusal('`job_not_done`.'),
      ...notFound,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/v1/parse/{job_id}/lines',
    operationId: 'editLines',
    tags,
    summary: 'Correct line items and the VAT breakdown',
    description:
      'Each value is checked by its kind (text, quantity, price, amount, rate); an accepted one is written ' +
      "into `document` with `source: user` provenance (the cell's page and box kept), and `checks` and the " +
      'fields follow it. A 422 names each refused cell (`loc: ["body", "lines.0.quantity"]`, `ctx.kind`); ' +
      'nothing is written then.',
    security: security.session,
    request: { params: JobIdParams, ...jsonBody(LinesPatch) },
    responses: {
      200: json(WebJobOut, 'The job as corrected.'),
      409: refusal('`job_not_done`.'),
      ...notFound,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/parse/{job_id}/reparse',
    operationId: 'reparseJob',
    tags,
    summary: 'Read the file again, with another country',
    security: security.session,
    request: { params: JobIdParams, query: ReparseQuery },
    responses: {
      200: json(WebJobOut, 'The job, queued again.'),
      400: refusal('`unsupported_country`.'),
      402: refusal('`plan_required`: a failed scan needs a parse to be read again.'),
      409: refusal('`job_running`; `no_file`: a job synced from the desktop app has no file on the service.'),
      ...notFound,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/parse/{job_id}/pages/{n}.png',
    operationId: 'getJobPage',
    tags,
    summary: "A page of the job's file as a PNG picture",
    description:
      'Page `n` of a PDF rendered at `width` pixels, or the uploaded image itself as PNG (page 1), for the ' +
      'review screen. Only the owner sees it.',
    security: security.session,
    request: { params: PageParams, query: PageQuery },
    responses: {
      200: {
        description: 'The page.',
        content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
      },
      400: refusal('`malformed_pdf` or `malformed_image`: the file cannot be drawn.'),
      404: refusal(
        '`job_not_found`: no such job of this account; `no_page`: the file is XML; ' +
          '`page_not_found`: the file has fewer pages; `no_file`: a job synced from the desktop app has no ' +
          'file on the service.',
      ),
      504: refusal('`render_timeout`: the page took too long to draw.'),
      ...sessionRefusals(false),
    },
  });
}

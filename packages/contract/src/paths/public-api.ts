// OpenAPI paths of the public parsing interface (/v1) and /health.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { HTTPValidationError } from '../errors.js';
import {
  CountriesOut,
  HealthOut,
  JobIdParams,
  JobOut,
  ParseUpload,
  PriceOut,
  SubmitOut,
  UsageOut,
} from '../public-api.js';
import { json, refusal, type Security } from './common.js';

export function registerPublicApiPaths(registry: OpenAPIRegistry, security: Security): void {
  const keyed = security.apiKey;
  const common = {
    401: refusal('`missing_api_key` or `invalid_api_key`.'),
    422: json(HTTPValidationError, 'A parameter fails its schema.'),
    429: refusal('`rate_limited`: more than 120 requests a minute; see `Retry-After`.'),
  };

  registry.registerPath({
    method: 'post',
    path: '/v1/parse',
    operationId: 'submitParse',
    tags: ['parse'],
    summary: 'Submit an invoice',
    description:
      'Stores the file and answers at once with the job. Scanned pages are reserved now and debited ' +
      'only when the job ends `done`. The same bytes from the same account answer the earlier job.',
    security: keyed,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: ParseUpload } } } },
    responses: {
      200: json(SubmitOut, 'The job.'),
      400: refusal('`unsupported_country`, `unsupported_file_type`, `empty_file` or `too_many_pages`.'),
      402: refusal('`insufficient_balance`: the scanned pages are not covered.'),
      413: refusal('`file_too_large`: over 20 MB.'),
      507: refusal("`insufficient_storage`: the server's disk is full; nothing was kept, try again later."),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/parse/{job_id}',
    operationId: 'getParseJob',
    tags: ['parse'],
    summary: 'Poll a job',
    description: 'Only the account that submitted the job can read it; `done` and `failed` end polling.',
    security: keyed,
    request: { params: JobIdParams },
    responses: { 200: json(JobOut, 'The job.'), 404: refusal('`job_not_found`.'), ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/usage',
    operationId: 'getUsage',
    tags: ['account'],
    summary: 'Sheets used and left',
    security: keyed,
    responses: { 200: json(UsageOut, 'Usage of the account the key belongs to.'), ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/price',
    operationId: 'getPrice',
    tags: ['public'],
    summary: 'Price per scanned page',
    security: security.public,
    responses: { 200: json(PriceOut, 'Prices.'), 429: common[429] },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/countries',
    operationId: 'getCountries',
    tags: ['public'],
    summary: 'Supported countries, their field sets and formats',
    security: security.public,
    responses: { 200: json(CountriesOut, 'Countries.'), 429: common[429] },
  });
  registry.registerPath({
    method: 'get',
    path: '/health',
    operationId: 'health',
    tags: ['public'],
    summary: 'Liveness',
    security: security.public,
    responses: { 200: json(HealthOut, 'The service answers.') },
  });
}

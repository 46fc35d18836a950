// OpenAPI paths of the account's API subscription (tag api-subscription).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  AccountCountriesOut,
  AccountCountryOut,
  BalanceOut,
  CountryParams,
  DashboardOut,
  KeyCreateIn,
  KeyIdParams,
  KeyRotateIn,
  KeysOut,
  LangQuery,
  NewKeyOut,
  PriceQuery,
  ScaleOut,
  UsageJournalOut,
  UsageQuery,
  VolumePriceOut,
} from '../api-subscription.js';
import { z } from '../zod.js';
import {
  json,
  jsonBody,
  rateRefusal,
  refusal,
  type Security,
  sessionRefusals,
  validationRefusal,
} from './common.js';

export function registerApiSubscriptionPaths(registry: OpenAPIRegistry, security: Security): void {
  const tags = ['api-subscription'];
  registry.registerPath({
    method: 'get',
    path: '/api/v1/api/price',
    operationId: 'getVolumePrice',
    tags,
    summary: 'Price of a monthly volume of scanned sheets',
    description: 'DE gives EUR, US USD, RU RUB; each sheet at the scale price for the sheets before it.',
    security: security.public,
    request: { query: PriceQuery },
    responses: { 200: json(VolumePriceOut, 'The price.'), ...validationRefusal, ...rateRefusal },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/api/scale',
    operationId: 'getScale',
    tags,
    summary: 'Price per sheet by monthly volume',
    security: security.public,
    responses: { 200: json(ScaleOut, 'The scale.'), ...rateRefusal },
  });
  const get = (path: string, operationId: string, summary: string, out: z.ZodType, request?: object) =>
    registry.registerPath({
      method: 'get',
      path,
      operationId,
      tags,
      summary,
      security: security.session,
      ...(request ? { request } : {}),
      responses: { 200: json(out, 'Done.'), ...sessionRefusals(false) },
    });
  get('/api/v1/api/dashboard', 'getDashboard', 'Key, limit, used, left and end date', DashboardOut);
  get('/api/v1/api/keys', 'listKeys', 'The keys, without the keys themselves', KeysOut);
  get('/api/v1/api/usage', 'getUsageJournal', 'When and how many sheets were debited', UsageJournalOut, {
    query: UsageQuery,
  });
  get(
    '/api/v1/api/countries',
    'listAccountCountries',
    'Countries named in the interface language',
    AccountCountriesOut,
    {
      query: LangQuery,
    },
  );
  registry.registerPath({
    method: 'get',
    path: '/api/v1/api/country/{code}',
    operationId: 'getAccountCountry',
    tags,
    summary: 'One country',
    security: security.session,
    request: { params: CountryParams, query: LangQuery },
    responses: {
      200: json(AccountCountryOut, 'The country.'),
      404: refusal('`unsupported_country`.'),
      ...sessionRefusals(false),
    },
  });
  get('/api/v1/api/balance', 'getBalance', 'Pages left in the current period', BalanceOut);
  registry.registerPath({
    method: 'post',
    path: '/api/v1/api/keys',
    operationId: 'createKey',
    tags,
    summary: 'Make a key (shown once)',
    security: security.session,
    request: jsonBody(KeyCreateIn),
    responses: {
      200: json(NewKeyOut, 'The new key: shown once.'),
      409: refusal('`too_many_keys`: 20 active keys at most.'),
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/api/keys/{key_id}/revoke',
    operationId: 'revokeKey',
    tags,
    summary: 'Stop one key',
    security: security.session,
    request: { params: KeyIdParams },
    responses: {
      200: json(
        z.object({ ok: z.literal(true), key: z.record(z.string(), z.unknown()).nullable() }),
        'Stopped.',
      ),
      404: refusal('`key_not_found`: not a key of this account, or already stopped.'),
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/api/key/rotate',
    operationId: 'rotateKey',
    tags,
    summary: 'Replace a key: the old one stops at once',
    description: 'The key named by `key_id`, else the oldest active key.',
    security: security.session,
    request: jsonBody(KeyRotateIn, false),
    responses: {
      200: json(NewKeyOut, 'The new key: shown once.'),
      404: refusal('`key_not_found`.'),
      ...sessionRefusals(true),
    },
  });
}

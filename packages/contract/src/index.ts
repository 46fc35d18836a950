// The contract between the service and its clients: zod schemas and the OpenAPI document.
export * from './account-auth.js';
export * from './api-subscription.js';
export * from './errors.js';
export * from './exports.js';
export type { operations as OpenApiOperations, paths as OpenApiPaths } from './generated/openapi-types.js';
export * from './mail.js';
export * from './openapi.js';
export * from './payments.js';
export * from './public.js';
export * from './public-api.js';
export * from './sync.js';
export * from './web-parse.js';
export { z } from './zod.js';

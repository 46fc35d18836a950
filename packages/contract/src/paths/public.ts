// OpenAPI paths of the public endpoints (tag public): leads, reviews, the provider guide.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { OkOut } from '../account-auth.js';
import {
  GuideOut,
  GuideQuery,
  LeadCountOut,
  LeadForm,
  LeadIn,
  PageLangParams,
  ReviewIdParams,
  ReviewIn,
  ReviewPostedOut,
  ReviewsOut,
  TryOut,
  TryUpload,
} from '../public.js';
import { z } from '../zod.js';
import { json, jsonBody, rateRefusal, refusal, type Security, validationRefusal } from './common.js';

export function registerPublicPaths(registry: OpenAPIRegistry, security: Security): void {
  const tags = ['public'];
  const common = { ...validationRefusal, ...rateRefusal };
  registry.registerPath({
    method: 'post',
    path: '/api/v1/leads',
    operationId: 'createLead',
    tags,
    summary: 'Leave a lead',
    description: 'The same answer whether the address wrote before or not.',
    security: security.public,
    request: jsonBody(LeadIn),
    responses: { 200: json(OkOut, 'Always the same.'), ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/leads/count',
    operationId: 'countLeads',
    tags,
    summary: 'Count of collected leads',
    security: security.public,
    responses: { 200: json(LeadCountOut, 'The count.'), ...rateRefusal },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/reviews',
    operationId: 'listReviews',
    tags,
    summary: 'Published reviews, newest first',
    security: security.public,
    responses: { 200: json(ReviewsOut, 'The reviews.'), ...rateRefusal },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/reviews',
    operationId: 'createReview',
    tags,
    summary: 'Write a review',
    description: '4 and 5 stars are published at once; 1 to 3 go to the owner first.',
    security: security.public,
    request: jsonBody(ReviewIn),
    responses: { 200: json(ReviewPostedOut, 'Taken.'), ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/reviews',
    operationId: 'reviewsPage',
    tags,
    summary: 'The page of approved reviews',
    security: security.public,
    responses: {
      200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
      ...rateRefusal,
    },
  });
  const html = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' as const } } },
  });
  registry.registerPath({
    method: 'get',
    path: '/',
    operationId: 'homeRedirect',
    tags,
    summary: 'The public page in the language the browser prefers',
    description: '302 to /de, /en, /ru or /it by `Accept-Language` (English when none of them).',
    security: security.public,
    responses: { 302: { description: 'To the public page of a language.' } },
  });
  registry.registerPath({
    method: 'get',
    path: '/{lang}',
    operationId: 'publicPage',
    tags,
    summary: 'The public page of a language',
    description:
      'Rendered on the server (readable without JavaScript): what the service reads and never does, ' +
      'prices, countries, reviews, the lead form and the try-it upload; `hreflang` alternates.',
    security: security.public,
    request: { params: PageLangParams },
    responses: {
      200: html('An HTML page.'),
      302: { description: 'An empty language is `/`, which redirects to one.' },
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/{lang}/lead',
    operationId: 'publicLeadForm',
    tags,
    summary: 'The lead form of a public page, as a browser posts it',
    description: 'Takes the lead as `POST /api/v1/leads` does, then 303 back to the page, which thanks.',
    security: security.public,
    request: {
      params: PageLangParams,
      body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: LeadForm } } },
    },
    responses: { 303: { description: 'Back to the page.' }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/try',
    operationId: 'tryEInvoice',
    tags,
    summary: 'Read an e-invoice without an account (beyond the spec)',
    description:
      'Reads structured e-invoices only (XML, or a PDF carrying one), never scans; the file is read in ' +
      'memory and not kept. Limited per client address (TRY_RATE_LIMIT_PER_MINUTE).',
    security: security.public,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: TryUpload } } } },
    responses: {
      200: {
        description:
          'What was read, or why not: JSON, or an HTML page when the request prefers `text/html` (a form ' +
          'posted without JavaScript).',
        content: {
          'application/json': { schema: TryOut },
          'text/html': { schema: { type: 'string' as const } },
        },
      },
      400: refusal('`unsupported_country`, or `bad_request` for a broken form.'),
      413: refusal('`file_too_large` (over 2 MB).'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/app/{path}',
    operationId: 'webApp',
    tags,
    summary: 'The web application (any path under /app)',
    description:
      'Its index.html for every path that is not a built asset: the application routes in the browser. ' +
      'Hashed assets under /app/assets are cached for a year. Without a build: 404 with a page saying how to build it.',
    security: security.public,
    request: { params: z.object({ path: z.string().openapi({ example: 'invoices' }) }) },
    responses: {
      200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
      404: {
        description: 'A missing asset, or no build.',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/review-photo/{review_id}',
    operationId: 'reviewPhoto',
    tags,
    summary: 'Avatar of an approved review',
    security: security.public,
    request: { params: ReviewIdParams },
    responses: {
      200: { description: 'An SVG image.', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
      404: refusal('`review_not_found`.'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/guide/provider',
    operationId: 'providerGuide',
    tags,
    summary: 'Checklist and ready texts for registering with the payment provider',
    security: security.public,
    request: { query: GuideQuery },
    responses: { 200: json(GuideOut, 'The guide.'), ...common },
  });
}

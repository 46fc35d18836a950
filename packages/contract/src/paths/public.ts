// OpenAPI paths of the public endpoints (tag public): leads, reviews, the provider guide.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { OkOut } from '../account-auth.js';
import {
  GuideOut,
  GuideQuery,
  LeadCountOut,
  LeadIn,
  ReviewIdParams,
  ReviewIn,
  ReviewPostedOut,
  ReviewsOut,
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

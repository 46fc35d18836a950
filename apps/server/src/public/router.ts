// Public endpoints (service-spec "Public pages and other"): leads (the same answer whatever the
// input state), their count, reviews (4-5 stars published at once, 1-3 mailed to the owner and
// kept back), the reviews page, review avatars and the payment provider guide.
import {
  GuideOut,
  GuideQuery,
  LeadCountOut,
  LeadIn,
  ReviewIdParams,
  ReviewIn,
  ReviewPostedOut,
  ReviewsOut,
} from '@invoice-reader/contract';
import {
  countLeads,
  type Db,
  insertReview,
  publishedReview,
  publishedReviews,
  type Review,
  upsertLead,
} from '@invoice-reader/db';
import { Router } from 'express';
import { normaliseEmail } from '../accounts/accounts.js';
import { escapeHtml } from '../auth/texts.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { rateLimit } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mailer/mailer.js';
import { siteFooter, siteHeader } from '../pages/landing.js';
import { PAGE_STYLE } from '../pages/landing-style.js';
import { avatarSvg } from './avatar.js';
import { providerGuide } from './guide.js';

export interface PublicDeps {
  db: Db;
  config: Readonly<Config>;
  log: Logger;
  mailer: Mailer;
}

const reviewOut = (r: Review) => ({
  id: r.id,
  name: r.name,
  stars: r.stars,
  text: r.text,
  created_at: r.createdAt,
  photo_url: `/review-photo/${r.id}`,
});

export function publicRouter({ db, config, log, mailer }: PublicDeps): Router {
  const router = Router();
  const limited = rateLimit(db, config.rateLimitPerMinute);

  router.post('/api/v1/leads', limited, jsonBody, async (req, res) => {
    const lead = validate(LeadIn, 'body', req.body);
    await upsertLead(
      db,
      {
        email: normaliseEmail(lead.email),
        company: lead.company ?? null,
        pagesPerMonth: lead.pages_per_month ?? null,
        comment: lead.comment ?? null,
        source: lead.source,
        lang: lead.lang,
      },
      new Date().toISOString(),
    );
    // The same answer for a new and a known address: the answer tells nothing of who wrote before.
    res.json({ ok: true });
  });

  router.get('/api/v1/leads/count', limited, async (_req, res) => {
    res.json(LeadCountOut.parse({ ok: true, count: await countLeads(db) }));
  });

  router.get('/api/v1/reviews', limited, async (_req, res) => {
    res.json(ReviewsOut.parse({ ok: true, reviews: (await publishedReviews(db)).map(reviewOut) }));
  });

  router.post('/api/v1/reviews', limited, jsonBody, async (req, res) => {
    const input = validate(ReviewIn, 'body', req.body);
    const published = input.stars >= 4;
    const review = await insertReview(db, { ...input, published, createdAt: new Date().toISOString() });
    if (!published) {
      const text = `A review of ${input.stars} star(s) waits for you (review ${review.id}).\n\nName: ${input.name}\n\n${input.text}\n`;
      mailer
        .send({
          to: config.ownerEmail,
          subject: `Review ${review.id}: ${input.stars} star(s) from ${input.name}`,
          text,
        })
        .catch((err) => log.error('review mail failed', { review: review.id, error: String(err) }));
    }
    res.json(ReviewPostedOut.parse({ ok: true, published }));
  });

  // Every published review, in the public pages' look (English: the reviews are in their writers' words).
  router.get('/reviews', limited, async (_req, res) => {
    const items = (await publishedReviews(db))
      .map(
        (r) => `<li class="card"><article><img src="/review-photo/${r.id}" alt="" width="48" height="48">
<h2>${escapeHtml(r.name)}</h2><p class="stars" aria-label="${r.stars} of 5 stars">${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}</p>
<p>${escapeHtml(r.text)}</p><p class="note"><time datetime="${r.createdAt}">${r.createdAt.slice(0, 10)}</time></p></article></li>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reviews · Invoice Reader</title><meta name="description" content="What people who read their invoices with Invoice Reader say.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${PAGE_STYLE}
.reviews img{float:left;margin-inline-end:1rem;border-radius:50%}.reviews h2{font-size:1.05rem}</style>
</head><body>${siteHeader('en', 'Sign in', 'Start free', '')}
<main id="main" class="wrap block"><h1 style="font-size:2rem;margin-bottom:1.5rem">Reviews</h1>${items ? `<ul class="reviews">${items}</ul>` : '<p>No reviews yet.</p>'}</main>
${siteFooter('en')}</body></html>`);
  });

  router.get('/review-photo/:review_id', limited, async (req, res) => {
    const { review_id } = validate(ReviewIdParams, 'path', req.params);
    const review = await publishedReview(db, review_id);
    if (!review) throw new HttpError(404, 'review_not_found');
    res
      .type('image/svg+xml')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .set('Cache-Control', 'public, max-age=86400')
      .send(avatarSvg(review.name));
  });

  router.get('/api/v1/guide/provider', limited, (req, res) => {
    const q = validate(GuideQuery, 'query', req.query as Record<string, unknown>);
    res.json(GuideOut.parse(providerGuide(q)));
  });

  return router;
}

// Requests and responses of sign-in and the person's own record (service-spec "User (MeOut)",
// "Verify result", "Account: sign-in"; decisions §12-13). Names and defaults as the spec's tables.
import { ServiceTime } from './sync.js';
import { z } from './zod.js';

export const LANGS = ['de', 'en', 'ru', 'it'] as const;

export const StartIn = z
  .object({
    email: z.string().max(320).openapi({ example: 'anna@example.com' }),
    // The specification bounds no lang here, and the answer is the same whatever is sent: a
    // browser's language tag ("de-DE", "en-GB") or anything else up to a tag's length is taken.
    lang: z
      .string()
      .max(35)
      .default('')
      .openapi({ description: 'de, en, ru or it (a tag such as de-DE counts as de); anything else: en.' }),
  })
  .openapi('StartIn');

export const OkOut = z.object({ ok: z.boolean().default(true) }).openapi('OkOut');

export const UserOut = z
  .object({
    id: z.number().int(),
    email: z.string().nullable().optional(),
    name: z.string().default(''),
    lang: z.string().default('ru'),
    tier: z.string().default('starter'),
  })
  .openapi('UserOut');

export const MeOut = UserOut.extend({
  plan_code: z.string().nullable().optional(),
  plan_paid: z.boolean().default(false),
  free_parses_total: z.number().int().default(1),
  free_parses_used: z.number().int().default(0),
  free_parses_left: z.number().int().default(1),
}).openapi('MeOut');

export const VerifyIn = z
  .object({ token: z.string().min(1).max(200) })
  .openapi('VerifyIn', { description: 'The token of the sign-in link.' });

export const VerifyOut = z
  .object({
    pin_required: z.boolean().default(false),
    ok: z.boolean().default(true),
    user: UserOut,
    token: z
      .string()
      .optional()
      .openapi({
        description:
          'Beyond the spec: the session token, also set as the `sid` cookie; the desktop app sends it as ' +
          '`Authorization: Bearer`. Absent while a PIN is still required.',
      }),
    // Beyond the spec, as on the sync routes: the desktop app measures its clock from signing in on.
    service_time: ServiceTime,
  })
  .openapi('VerifyOut');

export const PinIn = z
  .object({
    pin: z.string().max(8),
    current: z.string().max(8).default(''),
    token: z.string().max(200).optional().openapi({
      description: 'For /auth/pin/verify: the token of the sign-in link that asked for the PIN.',
    }),
  })
  .openapi('PinIn');

export const PinStatusOut = z.object({ ok: z.boolean(), enabled: z.boolean() }).openapi('PinStatusOut');

export const VerifyQuery = z.object({
  token: z.string().min(1).max(200),
  lang: z.string().max(5).default('en'),
});

export type UserOut = z.infer<typeof UserOut>;
export type MeOut = z.infer<typeof MeOut>;
export type VerifyOut = z.infer<typeof VerifyOut>;

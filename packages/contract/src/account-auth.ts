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

/** The desktop app's device sign-in: the app asks for a code pair, a web session confirms it. */
export const DeviceStartIn = z
  .object({
    client: z.string().max(80).default('').openapi({
      description:
        'What the app calls itself (e.g. "Invoice Reader desktop on anna-laptop"), shown on the confirming page.',
    }),
  })
  .openapi('DeviceStartIn');

export const DeviceStartOut = z
  .object({
    ok: z.boolean().default(true),
    device_code: z.string().openapi({ description: 'Secret of the app: polled with, never shown.' }),
    user_code: z.string().openapi({
      example: 'KDRT-WXPM',
      description: 'Shown by the app; typed or confirmed on the web page.',
    }),
    verification_uri: z
      .string()
      .openapi({ description: 'The web page where a signed-in person confirms the code.' }),
    verification_uri_complete: z.string().openapi({ description: 'The same page with the code filled in.' }),
    expires_in: z.number().int().openapi({ description: 'Seconds the code pair is valid (600).' }),
    interval: z.number().int().openapi({ description: 'Seconds to wait between polls.' }),
  })
  .openapi('DeviceStartOut');

export const DeviceTokenIn = z.object({ device_code: z.string().min(1).max(200) }).openapi('DeviceTokenIn');

export const DeviceTokenOut = z
  .object({
    ok: z.boolean().default(true),
    status: z.enum(['pending', 'signed_in']).openapi({
      description:
        '`pending` until a web session confirmed the code; then `signed_in`, once, with the session.',
    }),
    token: z
      .string()
      .optional()
      .openapi({ description: 'The session token (sent as `Authorization: Bearer`).' }),
    user: UserOut.optional(),
    service_time: z
      .string()
      .optional()
      .openapi({ description: "This service's time (ISO 8601, UTC) as it answered." }),
  })
  .openapi('DeviceTokenOut');

export const DeviceConfirmIn = z
  .object({ user_code: z.string().min(1).max(20).openapi({ example: 'KDRT-WXPM' }) })
  .openapi('DeviceConfirmIn');

export const DeviceConfirmOut = z
  .object({
    ok: z.boolean().default(true),
    client: z.string().openapi({ description: 'What the app called itself.' }),
  })
  .openapi('DeviceConfirmOut');

export type UserOut = z.infer<typeof UserOut>;
export type MeOut = z.infer<typeof MeOut>;
export type VerifyOut = z.infer<typeof VerifyOut>;

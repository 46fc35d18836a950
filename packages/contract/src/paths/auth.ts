// OpenAPI paths of sign-in and the person's own record (tag auth).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  DeviceConfirmIn,
  DeviceConfirmOut,
  DeviceStartIn,
  DeviceStartOut,
  DeviceTokenIn,
  DeviceTokenOut,
  MeOut,
  OkOut,
  PinIn,
  PinStatusOut,
  StartIn,
  VerifyIn,
  VerifyOut,
  VerifyQuery,
} from '../account-auth.js';
import type { z } from '../zod.js';
import {
  json,
  jsonBody,
  rateRefusal,
  refusal,
  type Security,
  sessionRefusals,
  validationRefusal,
} from './common.js';

export function registerAuthPaths(registry: OpenAPIRegistry, security: Security): void {
  const tags = ['auth'];
  registry.registerPath({
    method: 'post',
    path: '/api/v1/auth/start',
    operationId: 'authStart',
    tags,
    summary: 'Send a sign-in link',
    description:
      'Always answers `{"ok":true}`, whether or not the address has an account (at most 5 links an hour ' +
      'reach one address). The link is valid 15 minutes and once.',
    security: security.public,
    request: jsonBody(StartIn),
    responses: { 200: json(OkOut, 'Always the same.'), ...validationRefusal, ...rateRefusal },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/auth/verify',
    operationId: 'authVerifyPage',
    tags,
    summary: 'The page a sign-in link opens',
    description: 'Shows a page with a button; opening it does not consume the link.',
    security: security.public,
    request: { query: VerifyQuery },
    responses: {
      200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
      ...validationRefusal,
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/auth/verify',
    operationId: 'authVerify',
    tags,
    summary: 'Sign in with the link',
    description: 'Consumes the link and sets the `sid` cookie, or answers `pin_required: true`.',
    security: security.public,
    request: jsonBody(VerifyIn),
    responses: {
      200: json(VerifyOut, 'Signed in, or the PIN is required.'),
      400: refusal('`invalid_token`: unknown, used or expired link.'),
      ...validationRefusal,
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/auth/pin/verify',
    operationId: 'authPinVerify',
    tags,
    summary: 'Second sign-in step: the PIN',
    description:
      'With the token of the link that asked for it (body field `token`); 5 wrong PINs void the link.',
    security: security.public,
    request: jsonBody(PinIn),
    responses: {
      200: json(VerifyOut, 'Signed in.'),
      400: refusal('`invalid_token`: no PIN step open for this link.'),
      403: refusal('`wrong_pin`, or `pin_attempts_exceeded` (a new link is needed).'),
      ...validationRefusal,
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/auth/device/start',
    operationId: 'authDeviceStart',
    tags,
    summary: 'Start a device sign-in (the desktop app)',
    description:
      'Answers a code pair valid 10 minutes: the app keeps `device_code` and polls ' +
      '`/api/v1/auth/device/token` with it, and shows `user_code`, which a signed-in person confirms on ' +
      '`verification_uri` (`/app/device`).',
    security: security.public,
    request: jsonBody(DeviceStartIn, false),
    responses: { 200: json(DeviceStartOut, 'A new code pair.'), ...validationRefusal, ...rateRefusal },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/auth/device/token',
    operationId: 'authDeviceToken',
    tags,
    summary: "Poll a device sign-in: pending, or the app's session",
    description:
      'Answers `pending` until a web session confirmed the code, then once `signed_in` with the session ' +
      'token (no cookie is set).',
    security: security.public,
    request: jsonBody(DeviceTokenIn),
    responses: {
      200: json(DeviceTokenOut, 'Pending, or signed in.'),
      400: refusal('`invalid_token`: unknown or already used; `expired_token`: the 10 minutes are over.'),
      ...validationRefusal,
      ...rateRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/auth/device/confirm',
    operationId: 'authDeviceConfirm',
    tags,
    summary: "Confirm a device's code (a signed-in web session)",
    description: "Signs the device that shows this code in to the caller's account.",
    security: security.session,
    request: jsonBody(DeviceConfirmIn),
    responses: {
      200: json(DeviceConfirmOut, 'Confirmed: the device receives its session on its next poll.'),
      404: refusal('`invalid_code`: no such code waiting (mistyped, expired, or already confirmed).'),
      ...sessionRefusals(true),
      ...rateRefusal,
    },
  });
  const session = (
    method: 'get' | 'post',
    path: string,
    operationId: string,
    summary: string,
    out: z.ZodType,
    body?: z.ZodType,
  ) =>
    registry.registerPath({
      method,
      path,
      operationId,
      tags,
      summary,
      security: security.session,
      ...(body ? { request: jsonBody(body) } : {}),
      responses: { 200: json(out, 'Done.'), ...sessionRefusals(method !== 'get') },
    });
  session('post', '/api/v1/auth/logout', 'authLogout', 'Sign out of this session', OkOut);
  session('post', '/api/v1/auth/logout_all', 'authLogoutAll', 'Sign out everywhere', OkOut);
  session('get', '/api/v1/me', 'getMe', 'The signed-in person', MeOut);
  session('post', '/api/v1/auth/pin/set', 'authPinSet', 'Set, change or turn off the PIN', OkOut, PinIn);
  session('get', '/api/v1/auth/pin/status', 'authPinStatus', 'Whether a PIN is set', PinStatusOut);
}

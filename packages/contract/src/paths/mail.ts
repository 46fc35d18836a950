// OpenAPI paths of the connected mailbox, the inbox scan and letters (tags mail, inbox, letters).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  InboxListOut,
  InboxListQuery,
  InboxScanOut,
  InboxScanQuery,
  LetterIn,
  LetterOut,
  LettersOut,
  LettersQuery,
  MailAccountOut,
  MailConnectOut,
  MailDisconnectOut,
  OAuthCallbackQuery,
  TrackParams,
} from '../mail.js';
import { json, jsonBody, refusal, type Security, sessionRefusals, validationRefusal } from './common.js';

export function registerMailPaths(registry: OpenAPIRegistry, security: Security): void {
  const html = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' as const } } },
  });
  const notConnected = { 409: refusal('`mail_not_connected`: connect a mailbox first.') };
  const provider = {
    409: refusal(
      '`mail_not_connected`, or `mail_token_revoked`: the access was withdrawn at the provider; connect again.',
    ),
    502: refusal('`mail_provider_unreachable` or `mail_provider_error`: the mail provider failed.'),
  };
  registry.registerPath({
    method: 'get',
    path: '/api/v1/mail/account',
    operationId: 'getMailAccount',
    tags: ['mail'],
    summary: 'Whether a mailbox is connected, and its address',
    security: security.session,
    responses: { 200: json(MailAccountOut, 'The connection.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/v1/mail/account',
    operationId: 'disconnectMailAccount',
    tags: ['mail'],
    summary: 'Disconnect the mailbox',
    description:
      'Ends the grant at the provider, deletes the stored token and stops every queued letter (`failed`, ' +
      '`mail_disconnected`). When the provider cannot be reached the connection is still removed here and ' +
      '`provider_revoked` is false.',
    security: security.session,
    responses: {
      200: json(MailDisconnectOut, 'Disconnected.'),
      ...notConnected,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/mail/account/connect',
    operationId: 'connectMailAccount',
    tags: ['mail'],
    summary: "A link to the provider's consent page",
    description:
      'Gmail, offline access, reading and sending. The link carries a signed `state` naming this account, ' +
      'good once for 10 minutes; the provider sends the person back to `/oauth/callback`.',
    security: security.session,
    responses: { 200: json(MailConnectOut, 'The link.'), ...sessionRefusals(true) },
  });
  registry.registerPath({
    method: 'get',
    path: '/oauth/callback',
    operationId: 'oauthCallback',
    tags: ['mail'],
    summary: 'Where the mail provider sends the person after consent',
    description:
      'Checks the `state` (signature, account, expiry, single use), trades the code for a refresh token, ' +
      'stores it encrypted (AES-256-GCM) and redirects to the web application.',
    security: security.public,
    request: { query: OAuthCallbackQuery },
    responses: {
      302: { description: 'To `/app/?mail=connected`.' },
      400: html(
        'A page naming the error: `invalid_state`, `state_used`, `state_expired`, `state_account_mismatch`, ' +
          '`access_denied`, ' +
          '`mail_code_invalid` (the code expired or was used).',
      ),
      502: html('The provider could not be reached or failed.'),
      ...validationRefusal,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/inbox/scan',
    operationId: 'scanInbox',
    tags: ['inbox'],
    summary: 'Read invoices that arrived as attachments',
    description:
      'Each PDF, XML, JPG or PNG attachment of up to `limit` new messages matching `query` becomes a job ' +
      '(`source: inbox`), as an upload would; the same bytes answer the earlier job, and a message read ' +
      'before is not read again. Scans hold web parses as uploads do.',
    security: security.session,
    request: { query: InboxScanQuery },
    responses: {
      200: json(InboxScanOut, 'What this scan read.'),
      400: refusal('`unsupported_country`.'),
      ...provider,
      409: refusal(
        "`scan_running`: this account's other scan has not ended (one at a time; the next may be " +
          'asked for once it has answered); `mail_not_connected`, or `mail_token_revoked`: the ' +
          'access was withdrawn at the provider; connect again.',
      ),
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/inbox',
    operationId: 'listInbox',
    tags: ['inbox'],
    summary: 'Attachments read from the mailbox, newest mail first',
    security: security.session,
    request: { query: InboxListQuery },
    responses: { 200: json(InboxListOut, 'The list.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/letters',
    operationId: 'createLetter',
    tags: ['letters'],
    summary: 'Write a letter about an invoice and send it from the connected mailbox',
    description:
      "`correction_request`: asks the seller for a corrected invoice, listing the fields that failed a check, in the invoice's language " +
      '(de, en, it, ru, fr). The letter is `queued`, then `sent`; `opened` on the first load of its tracking ' +
      'picture; `bounced` or `failed` (with `error`) otherwise.',
    security: security.session,
    request: jsonBody(LetterIn),
    responses: {
      200: json(LetterOut, 'The letter, queued.'),
      400: refusal('`recipient_unknown`: no address to write to; give `to`.'),
      404: refusal('`job_not_found`.'),
      ...provider,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/letters',
    operationId: 'listLetters',
    tags: ['letters'],
    summary: 'Letters, newest first, with invoice title and debtor',
    security: security.session,
    request: { query: LettersQuery },
    responses: { 200: json(LettersOut, 'The letters.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'get',
    path: '/track/{token}.gif',
    operationId: 'trackLetter',
    tags: ['letters'],
    summary: "A letter's tracking picture",
    description: 'Always a 1x1 GIF; the first load marks its letter `opened`.',
    security: security.public,
    request: { params: TrackParams },
    responses: {
      200: {
        description: 'A 1x1 GIF.',
        content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  });
}

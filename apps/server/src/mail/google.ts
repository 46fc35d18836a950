// The mail provider: Google's OAuth 2 (google-auth-library) and the Gmail API (@googleapis/gmail),
// pointed at the configured endpoints: Google's own, or the local emulator's. Their failures are
// turned into a few codes the routes answer with (a revoked token, a refused code, no answer).
import { type gmail_v1, gmail as gmailApi } from '@googleapis/gmail';
import { type Credentials, OAuth2Client } from 'google-auth-library';

export const GMAIL_SCOPES = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.send',
];

export interface GoogleEndpoints {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  gmailBase: string;
}

export type MailFailure =
  | 'mail_token_revoked'
  | 'mail_code_invalid'
  | 'mail_provider_unreachable'
  | 'mail_provider_error';

export class MailProviderError extends Error {
  constructor(
    readonly code: MailFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface GaxiosLike {
  status?: number;
  code?: string;
  response?: { status?: number; data?: { error?: unknown; error_description?: string } };
  message?: string;
  /** The request's options: its signal says when the timeout ended it. */
  config?: { signal?: { reason?: { name?: string } } };
}

/** What a failed call to Google means for the service. */
export function mailFailure(err: unknown, during: 'exchange' | 'use'): MailProviderError {
  if (err instanceof MailProviderError) return err;
  const e = err as GaxiosLike;
  const status = e.response?.status ?? e.status;
  const data = e.response?.data;
  const oauthError = typeof data?.error === 'string' ? data.error : undefined;
  const message =
    (typeof data?.error === 'object' && (data.error as { message?: string })?.message) ||
    data?.error_description ||
    e.message ||
    String(err);
  // Reached, but no answer in time (the request's timeout): an error of the provider's.
  if (!status && (e.code === 'TimeoutError' || e.config?.signal?.reason?.name === 'TimeoutError'))
    return new MailProviderError('mail_provider_error', `no answer in time: ${message}`);
  if (!status) return new MailProviderError('mail_provider_unreachable', message);
  if (oauthError === 'invalid_grant')
    return new MailProviderError(
      during === 'exchange' ? 'mail_code_invalid' : 'mail_token_revoked',
      message,
      status,
    );
  if (status === 401) return new MailProviderError('mail_token_revoked', message, status);
  return new MailProviderError('mail_provider_error', message, status);
}

/** How long one request to Google may take before it is given up (and, for reads, retried), by
 * default: the service's GOOGLE_TIMEOUT_MS setting. */
export const GOOGLE_TIMEOUT_MS = 30_000;

export class GmailProvider {
  constructor(
    readonly endpoints: GoogleEndpoints,
    /** `{PUBLIC_URL}/oauth/callback`: where the consent page sends the person back. */
    readonly redirectUri: string,
    /**
     * Every call to Google (token, revoke, Gmail) ends after this long: a request that hangs
     * fails (`mail_provider_error`) instead of holding the scan or the letter queue for good.
     */
    public timeoutMs = GOOGLE_TIMEOUT_MS,
  ) {}

  private client(): OAuth2Client {
    return new OAuth2Client({
      transporterOptions: { timeout: this.timeoutMs },
      clientId: this.endpoints.clientId,
      clientSecret: this.endpoints.clientSecret,
      redirectUri: this.redirectUri,
      endpoints: {
        oauth2AuthBaseUrl: this.endpoints.authUrl,
        oauth2TokenUrl: this.endpoints.tokenUrl,
        oauth2RevokeUrl: this.endpoints.revokeUrl,
      },
    });
  }

  /** The consent link: offline access (a refresh token), reading and sending, asked every time. */
  consentUrl(state: string): string {
    return this.client().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: GMAIL_SCOPES,
      state,
    });
  }

  /** Trades the consent's code for a refresh token and learns the mailbox's address. */
  async exchange(code: string): Promise<{ refreshToken: string; scopes: string; address: string }> {
    const client = this.client();
    let tokens: Credentials;
    try {
      tokens = (await client.getToken(code)).tokens;
    } catch (err) {
      throw mailFailure(err, 'exchange');
    }
    if (!tokens.refresh_token)
      throw new MailProviderError(
        'mail_provider_error',
        'the provider gave no refresh token (offline access)',
      );
    client.setCredentials(tokens);
    const address = await this.address(client);
    return { refreshToken: tokens.refresh_token, scopes: tokens.scope ?? GMAIL_SCOPES.join(' '), address };
  }

  private async address(client: OAuth2Client): Promise<string> {
    try {
      const profile = await this.api(client).users.getProfile({ userId: 'me' });
      return profile.data.emailAddress ?? '';
    } catch (err) {
      throw mailFailure(err, 'use');
    }
  }

  private api(client: OAuth2Client): gmail_v1.Gmail {
    return gmailApi({
      version: 'v1',
      auth: client,
      rootUrl: `${this.endpoints.gmailBase}/`,
      timeout: this.timeoutMs,
    });
  }

  /**
   * A Gmail client acting for a refresh token. The access token is fetched first, so a revoked
   * grant is known before anything else happens.
   */
  async session(refreshToken: string): Promise<gmail_v1.Gmail> {
    const client = this.client();
    client.setCredentials({ refresh_token: refreshToken });
    try {
      await client.getAccessToken();
    } catch (err) {
      throw mailFailure(err, 'use');
    }
    return this.api(client);
  }

  /** Ends the grant at the provider. */
  async revoke(refreshToken: string): Promise<void> {
    try {
      await this.client().revokeToken(refreshToken);
    } catch (err) {
      throw mailFailure(err, 'use');
    }
  }
}

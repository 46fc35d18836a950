// Where the session token of the hosted service is kept: the OS keychain (macOS Keychain, Windows
// Credential Manager, the Secret Service on Linux) through @napi-rs/keyring. Where none can be
// used (a server without a desktop session), the token lives only in memory and `notice` says so:
// it is never written to a file in clear.
import { Entry } from '@napi-rs/keyring';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Set when the keychain cannot be used: the token is kept in memory only, until the app quits. */
  readonly notice: string | null;
}

const SERVICE = 'invoice-reader';

export class KeychainTokenStore implements TokenStore {
  private memory: string | null = null;
  private entry: Entry | null;
  notice: string | null = null;

  /** One entry per server, so a test server and the real one never share a token. */
  constructor(server: string) {
    try {
      this.entry = new Entry(SERVICE, server);
    } catch (err) {
      this.entry = null;
      this.noKeychain(err);
    }
  }

  get(): string | null {
    if (this.memory) return this.memory;
    try {
      return this.entry?.getPassword() ?? null;
    } catch (err) {
      this.noKeychain(err);
      return null;
    }
  }

  set(token: string): void {
    this.memory = token;
    try {
      this.entry?.setPassword(token);
      // Stored in the keychain: memory is no longer needed (and not trusted over the keychain).
      if (this.entry) this.memory = null;
    } catch (err) {
      this.noKeychain(err);
    }
  }

  clear(): void {
    this.memory = null;
    try {
      this.entry?.deletePassword();
    } catch {
      // Nothing stored, or no keychain: nothing to remove.
    }
  }

  private noKeychain(err: unknown): void {
    this.entry = null;
    this.notice =
      `No OS keychain could be used (${(err as Error)?.message ?? err}); the sign-in is kept in memory ` +
      'only and is asked for again after a restart.';
  }
}

/** Memory only (tests, and a token given through the environment). */
export class MemoryTokenStore implements TokenStore {
  readonly notice = null;
  constructor(private token: string | null = null) {}
  get(): string | null {
    return this.token;
  }
  set(token: string): void {
    this.token = token;
  }
  clear(): void {
    this.token = null;
  }
}

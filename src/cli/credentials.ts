// Which server, and which token for it: the credential store of one CLI run, reading its
// environment (never the process's directly, so a test can give its own). Used by every command
// and by `rcat mcp` (the bridge).
//
//   resolveServer({ server? })        → origin: --server URL > RCAT_SERVER > the one last logged in to
//   load(server)                      → Credential | null, looked up RCAT_TOKEN > keychain > file
//   accessToken(server, { resource?, rejected? })
//        → a bearer token for `resource` (default: the REST API `${server}`; the MCP endpoint is
//          `${server}/mcp`). `rejected`: the server just answered 401 to this token (clock skew,
//          revoked): an OAuth sign-in is refreshed even if it looks fresh; anything else throws.
//          OAuth tokens are refreshed 60 s before expiry under an exclusive lock file, re-reading
//          the credential once the lock is taken, so concurrent rcat processes never spend the
//          same rotating refresh token twice. CliError (exit 4) when there is no usable sign-in.
//   save(server, stored, { store?, fileReason? }) → { storedIn, fileReason?, notice? }
//        keychain first; where no keychain is usable, the 0600 file (notice says so, once). Why
//        the file was used is remembered, so `rcat status` says so truthfully.
//   delete(server)                    → where it was removed from
//
// RCAT_CREDENTIAL_STORE=keyring|file forces one store (default: keychain, else file).
// RCAT_CONFIG_DIR overrides the config folder (default: the platform's, e.g. ~/.config/rcat).
import path from 'node:path';
import type { z } from 'zod';
import { configDir, displayPath, ensurePrivateDir, readPrivateFile, writePrivateFile } from './config-dir.js';
import type { Settings as SettingsSchema } from './credential-schemas.js';
import { credentialSchemas, plainSettings } from './credential-shapes.js';
import { type CredentialStore, FileStore, KeyringStore, KeyringUnavailableError, type StoredCredential } from './credential-stores.js';
import { CliError, authError, usageError } from './exit-codes.js';
import { normalizeServer } from './server-address.js';
import { withLock } from './file-lock.js';
import type { HttpClient } from './http-client.js';
import { keychainReason, keychainUnreachable } from './keychain-reason.js';

export type { StoredCredential } from './credential-stores.js';
export { normalizeServer } from './server-address.js';
export type StoredIn = 'env' | 'keyring' | 'file';

/** Why a token is in the plain file: --insecure-storage, RCAT_CREDENTIAL_STORE=file, or no usable keychain. */
export type FileReason = 'insecure-storage' | 'env' | 'no-keychain';

export interface Credential extends StoredCredential {
  server: string;
  storedIn: StoredIn;
  /** Set when storedIn is 'file' and the reason is known (recorded at sign-in). */
  fileReason?: FileReason;
}

/** Seconds before expiry at which an OAuth access token is refreshed. */
export const REFRESH_SKEW_SECONDS = 60;


type Settings = z.infer<typeof SettingsSchema>;

export interface SaveResult {
  storedIn: 'keyring' | 'file';
  /** Why the plain file was used, when this save knows it (a refresh keeps the recorded one). */
  fileReason?: FileReason;
  /** Set when the token went to the plain file because no keychain was usable: print it once. */
  notice?: string;
}

/** The resources the CLI asks for at sign-in: the REST API and the MCP endpoint. */
export function cliResources(server: string): string[] {
  return [server, `${server}/mcp`];
}

function coversMain(credential: StoredCredential, server: string, resource: string): boolean {
  return resource === server || (credential.resources ?? cliResources(server)).includes(resource);
}

function tokenFor(credential: StoredCredential, server: string, resource: string) {
  if (coversMain(credential, server, resource)) return { accessToken: credential.accessToken, expiresAt: credential.expiresAt };
  return credential.resourceTokens?.[resource];
}

function fresh(token: { accessToken: string; expiresAt: string | null } | undefined, now: Date, rejected?: string): boolean {
  if (!token || token.accessToken === rejected) return false;
  if (token.expiresAt === null) return true;
  return Date.parse(token.expiresAt) - now.getTime() > REFRESH_SKEW_SECONDS * 1000;
}

/** The credential store of one run: its environment decides the folder, the forced store and RCAT_TOKEN. */
export class Credentials {
  readonly dir: string;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly http: HttpClient,
  ) {
    this.dir = configDir(env);
  }

  // ------------------------------------------------------------ non-secret settings

  private get settingsFile(): string {
    return path.join(this.dir, 'config.json');
  }

  /** config.json; zod is loaded only for settings the plain reader cannot tell (credential-shapes.ts). */
  private async readSettings(): Promise<Settings> {
    try {
      const text = readPrivateFile(this.settingsFile);
      const value: unknown = text ? JSON.parse(text) : null;
      const plain = value === null ? undefined : plainSettings(value);
      if (plain) return plain;
      const parsed = value === null ? null : (await credentialSchemas()).Settings.safeParse(value);
      if (parsed?.success) return parsed.data;
    } catch { /* unreadable settings are rebuilt on the next login */ }
    return { version: 1, storedIn: {}, fileReason: {} };
  }

  /** Read-modify-write under a lock: two `rcat login`s at once must not drop each other's entry. */
  private async updateSettings(fn: (s: Settings) => void): Promise<void> {
    const file = this.settingsFile;
    ensurePrivateDir(path.dirname(file));
    await withLock(`${file}.lock`, async () => {
      const s = await this.readSettings();
      fn(s);
      writePrivateFile(file, `${JSON.stringify(s, null, 2)}\n`);
    });
  }

  async resolveServer(opts: { server?: string } = {}): Promise<string> {
    if (opts.server) return normalizeServer(opts.server, this.env);
    if (this.env.RCAT_SERVER) return normalizeServer(this.env.RCAT_SERVER, this.env);
    const current = (await this.readSettings()).currentServer;
    if (current) return normalizeServer(current, this.env);
    // Nothing configured at all is "not signed in" (exit 4), not a typing mistake.
    throw authError('Not signed in, and no server given.', 'Sign in once with `rcat login --server URL` (or pass --server URL / set RCAT_SERVER).');
  }

  // ------------------------------------------------------------ stores

  private forcedStore(): 'keyring' | 'file' | undefined {
    const v = this.env.RCAT_CREDENTIAL_STORE;
    if (v === undefined || v === '' || v === 'auto') return undefined;
    if (v === 'keyring' || v === 'file') return v;
    throw usageError(`RCAT_CREDENTIAL_STORE must be "keyring", "file" or "auto" (got "${v}").`);
  }

  private store(name: 'keyring' | 'file'): CredentialStore {
    return name === 'keyring' ? new KeyringStore() : new FileStore(this.dir);
  }

  /** The sign-in for `server`; `ignoreEnv` skips RCAT_TOKEN (what is stored, for login/logout). */
  async load(server: string, options: { ignoreEnv?: boolean } = {}): Promise<Credential | null> {
    const fromEnv = options.ignoreEnv ? undefined : this.env.RCAT_TOKEN?.trim();
    if (fromEnv) return { server, kind: 'agent', accessToken: fromEnv, expiresAt: null, storedIn: 'env' };
    const forced = this.forcedStore();
    const settings = await this.readSettings();
    const hint = settings.storedIn[server];
    const order: ('keyring' | 'file')[] = forced ? [forced] : hint === 'file' ? ['file', 'keyring'] : ['keyring', 'file'];
    let unreachable: KeyringUnavailableError | null = null;
    for (const name of order) {
      let stored: StoredCredential | null;
      try {
        stored = await this.store(name).get(server);
      } catch (error) {
        if (!(error instanceof KeyringUnavailableError)) throw error;
        unreachable = error;
        continue;
      }
      const fileReason = name === 'file' ? settings.fileReason[server] : undefined;
      if (stored) return { ...stored, server, storedIn: name, ...(fileReason ? { fileReason } : {}) };
    }
    // Signed in with the keychain, which cannot be reached now: not "not signed in".
    if (unreachable && hint === 'keyring') throw keychainUnreachable(server, unreachable);
    return null;
  }

  /** Keychain first, else the file; `store` forces one (a refresh keeps the store it came from). */
  private async put(server: string, value: StoredCredential, options: { store?: 'keyring' | 'file'; fileReason?: FileReason }): Promise<SaveResult> {
    const forced = options.store ?? this.forcedStore();
    if (forced === 'file') {
      await this.store('file').set(server, value);
      const fileReason = options.fileReason ?? (options.store === undefined ? 'env' : undefined);
      return { storedIn: 'file', ...(fileReason ? { fileReason } : {}) };
    }
    try {
      await this.store('keyring').set(server, value);
      return { storedIn: 'keyring' };
    } catch (error) {
      if (!(error instanceof KeyringUnavailableError)) throw error;
      if (forced === 'keyring') throw new CliError('error', `The OS keychain is not usable: ${keychainReason(error.message)}.`);
      const file = new FileStore(this.dir);
      await file.set(server, value);
      return {
        storedIn: 'file',
        fileReason: 'no-keychain',
        notice: `No usable OS keychain (${keychainReason(error.message)}): the token is stored unencrypted in ${displayPath(file.file)}, readable only by you.`,
      };
    }
  }

  async save(
    server: string,
    stored: StoredCredential,
    options: { store?: 'keyring' | 'file'; makeCurrent?: boolean; fileReason?: FileReason } = {},
  ): Promise<SaveResult> {
    const value: StoredCredential = { ...(await credentialSchemas()).StoredCredential.parse(stored), savedAt: new Date().toISOString() };
    const result = await this.put(server, value, options);
    // Keep exactly one copy: remove a stale one from the other store.
    const other = result.storedIn === 'keyring' ? 'file' : 'keyring';
    if (other === 'file' || !(options.store ?? this.forcedStore())) await this.store(other).delete(server).catch(() => false);
    await this.updateSettings((s) => {
      s.storedIn[server] = result.storedIn;
      if (result.storedIn === 'keyring') delete s.fileReason[server];
      else if (result.fileReason) s.fileReason[server] = result.fileReason;
      if (options.makeCurrent !== false) s.currentServer = server;
    });
    return result;
  }

  async delete(server: string): Promise<{ removedFrom: ('keyring' | 'file')[] }> {
    const removedFrom: ('keyring' | 'file')[] = [];
    const forced = this.forcedStore();
    for (const name of ['keyring', 'file'] as const) {
      if (forced && forced !== name) continue;
      try {
        if (await this.store(name).delete(server)) removedFrom.push(name);
      } catch (error) {
        if (!(error instanceof KeyringUnavailableError)) throw error;
      }
    }
    await this.updateSettings((s) => {
      delete s.storedIn[server];
      delete s.fileReason[server];
      if (s.currentServer === server) delete s.currentServer;
    });
    return { removedFrom };
  }

  // ------------------------------------------------------------ valid tokens

  /** node:crypto is loaded here, for a refresh only: a token that is still fresh needs none. */
  private async refreshLockPath(server: string): Promise<string> {
    const { createHash } = await import('node:crypto');
    ensurePrivateDir(this.dir);
    return path.join(this.dir, `refresh-${createHash('sha256').update(server).digest('hex').slice(0, 16)}.lock`);
  }

  async accessToken(server: string, options: { resource?: string; rejected?: string } = {}): Promise<string> {
    const { rejected } = options;
    const resource = options.resource ?? server;
    const credential = await this.load(server);
    if (!credential) throw authError(`Not signed in to ${server}.`);
    if (credential.kind === 'agent' || credential.storedIn === 'env') {
      if (rejected !== undefined && rejected === credential.accessToken) throw authError(`${server} rejected the token.`);
      if (credential.expiresAt && Date.parse(credential.expiresAt) <= Date.now()) {
        throw authError(`The token for ${server} expired on ${credential.expiresAt.slice(0, 10)}.`);
      }
      return credential.accessToken;
    }
    if (fresh(tokenFor(credential, server, resource), new Date(), rejected)) return tokenFor(credential, server, resource)!.accessToken;
    return withLock(await this.refreshLockPath(server), async () => {
      // Another process may have refreshed while we waited: re-read before spending anything.
      const current = await this.load(server);
      if (!current || current.storedIn === 'env') throw authError(`Not signed in to ${server}.`);
      const token = tokenFor(current, server, resource);
      if (fresh(token, new Date(), rejected)) return token!.accessToken;
      return this.refresh(current, resource);
    });
  }

  /** Spends the refresh token (under the lock) and saves the rotated one before returning. */
  private async refresh(current: Credential, resource: string): Promise<string> {
    const { server } = current;
    if (!current.refreshToken || !current.tokenEndpoint) throw authError(`The sign-in to ${server} has expired.`);
    const { CLI_CLIENT_ID, expiresAtFrom, tokenRequest } = await import('./oauth-client.js');
    const main = coversMain(current, server, resource);
    const answer = await tokenRequest(this.http, current.tokenEndpoint, {
      grant_type: 'refresh_token',
      refresh_token: current.refreshToken,
      client_id: current.clientId ?? CLI_CLIENT_ID,
      resource: main ? (current.resources ?? cliResources(server)) : resource,
    }, 'token refresh');
    const expiresAt = expiresAtFrom(answer.expires_in);
    const { server: _s, storedIn, fileReason: _f, ...rest } = current;
    const next: StoredCredential = {
      ...rest,
      refreshToken: answer.refresh_token ?? current.refreshToken,
      ...(answer.refresh_token_expires_in !== undefined ? { refreshExpiresAt: expiresAtFrom(answer.refresh_token_expires_in) } : {}),
      ...(answer.scope ? { scopes: answer.scope.split(' ').filter(Boolean) } : {}),
    };
    if (main) {
      next.accessToken = answer.access_token;
      next.expiresAt = expiresAt;
    } else {
      next.resourceTokens = { ...current.resourceTokens, [resource]: { accessToken: answer.access_token, expiresAt } };
    }
    // Saved before returning: a rotated refresh token that is lost would end the sign-in.
    await this.save(server, next, { store: storedIn as 'keyring' | 'file', makeCurrent: false });
    return answer.access_token;
  }
}

// Where a credential is kept: the OS keychain (through @napi-rs/keyring: service "rcat", one
// entry per server origin) or, where no keychain is usable, a 0600 JSON file in the CLI's
// private config folder. Both hold the same JSON document (StoredCredential).
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir, readPrivateFile, removeFile, writePrivateFile } from './config-dir.js';
import { withLock } from './file-lock.js';

export const KEYRING_SERVICE = 'rcat';

const TimedToken = z.object({ accessToken: z.string().min(1), expiresAt: z.string().nullable() });

export const StoredCredential = z.object({
  kind: z.enum(['agent', 'oauth']),
  /** The token for the REST API (resource = the server origin); for agent tokens, for everything. */
  accessToken: z.string().min(1),
  /** ISO time the access token expires; null when unknown. */
  expiresAt: z.string().nullable(),
  refreshToken: z.string().min(1).optional(),
  /** ISO time the refresh token (the sign-in itself) expires, when the server says. */
  refreshExpiresAt: z.string().nullable().optional(),
  scopes: z.array(z.string()).optional(),
  account: z.object({ email: z.string().optional(), name: z.string().optional() }).optional(),
  clientId: z.string().optional(),
  tokenEndpoint: z.string().optional(),
  revocationEndpoint: z.string().optional(),
  /** The resources (RFC 8707 audiences) the main access token was issued for. */
  resources: z.array(z.string()).optional(),
  /** OAuth access tokens for any other resource, obtained with the refresh token. */
  resourceTokens: z.record(z.string(), TimedToken).optional(),
  savedAt: z.string().optional(),
});
export type StoredCredential = z.infer<typeof StoredCredential>;

export interface CredentialStore {
  readonly name: 'keyring' | 'file';
  get(origin: string): Promise<StoredCredential | null>;
  set(origin: string, credential: StoredCredential): Promise<void>;
  delete(origin: string): Promise<boolean>;
}

function parseStored(text: string | null): StoredCredential | null {
  if (!text) return null;
  try {
    const parsed = StoredCredential.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Thrown when the keychain cannot be used at all (no Secret Service, locked, denied). */
export class KeyringUnavailableError extends Error {}

// The keychain is reached through a native module: loaded only when needed (cold start).
type KeyringModule = typeof import('@napi-rs/keyring');
let keyringModule: Promise<KeyringModule> | undefined;

const KEYRING_TIMEOUT_MS = 8_000;

export class KeyringStore implements CredentialStore {
  readonly name = 'keyring' as const;

  private async entry(origin: string) {
    keyringModule ??= import('@napi-rs/keyring');
    try {
      const { AsyncEntry } = await keyringModule;
      // On Linux pin the Secret Service: the kernel keyring fallback forgets everything at
      // logout/reboot, which would silently lose the sign-in.
      return new AsyncEntry(KEYRING_SERVICE, origin, { linux: { store: 'secret-service' } });
    } catch (error) {
      throw new KeyringUnavailableError((error as Error).message);
    }
  }

  private async call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await fn(AbortSignal.timeout(KEYRING_TIMEOUT_MS));
    } catch (error) {
      throw new KeyringUnavailableError((error as Error)?.message ?? String(error));
    }
  }

  async get(origin: string): Promise<StoredCredential | null> {
    const entry = await this.entry(origin);
    return parseStored(await this.call((signal) => entry.getPassword(signal)));
  }

  async set(origin: string, credential: StoredCredential): Promise<void> {
    const entry = await this.entry(origin);
    const text = JSON.stringify(credential);
    await this.call((signal) => entry.setPassword(text, signal));
    // Read back: some backends accept a write they cannot keep.
    const back = await this.call((signal) => entry.getPassword(signal));
    if (back !== text) throw new KeyringUnavailableError('the keychain did not keep the entry');
  }

  async delete(origin: string): Promise<boolean> {
    const entry = await this.entry(origin);
    return this.call((signal) => entry.deleteCredential(signal));
  }
}

const FileDocument = z.object({ version: z.literal(1), servers: z.record(z.string(), z.unknown()) });

/** Plain-file fallback: `<config dir>/credentials.json`, 0600 in a 0700 folder. */
export class FileStore implements CredentialStore {
  readonly name = 'file' as const;
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'credentials.json');
  }

  private readAll(): Record<string, unknown> {
    const text = readPrivateFile(this.file);
    if (!text) return {};
    try {
      const doc = FileDocument.safeParse(JSON.parse(text));
      return doc.success ? { ...doc.data.servers } : {};
    } catch {
      return {};
    }
  }

  private async update(fn: (servers: Record<string, unknown>) => boolean): Promise<boolean> {
    // The lock file lives beside the credentials file, so its 0700 folder must exist first.
    ensurePrivateDir(path.dirname(this.file));
    return withLock(`${this.file}.lock`, async () => {
      const servers = this.readAll();
      const changed = fn(servers);
      if (changed) writePrivateFile(this.file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
      return changed;
    });
  }

  async get(origin: string): Promise<StoredCredential | null> {
    const value = this.readAll()[origin];
    return value === undefined ? null : parseStored(JSON.stringify(value));
  }

  async set(origin: string, credential: StoredCredential): Promise<void> {
    await this.update((servers) => {
      servers[origin] = credential;
      return true;
    });
  }

  async delete(origin: string): Promise<boolean> {
    const removed = await this.update((servers) => {
      if (!(origin in servers)) return false;
      delete servers[origin];
      return true;
    });
    if (removed && Object.keys(this.readAll()).length === 0) removeFile(this.file);
    return removed;
  }
}

// Where a credential is kept: the OS keychain (through @napi-rs/keyring: service "rcat", one
// entry per server origin) or, where no keychain is usable, a 0600 JSON file in the CLI's
// private config folder. Both hold the same JSON document (StoredCredential).
import path from 'node:path';
import type { z } from 'zod';
import { ensurePrivateDir, readPrivateFile, removeFile, writePrivateFile } from './config-dir.js';
import type { StoredCredential as StoredCredentialSchema } from './credential-schemas.js';
import { credentialSchemas, plainFileDocument, plainStoredCredential } from './credential-shapes.js';
import { withLock } from './file-lock.js';

export const KEYRING_SERVICE = 'rcat';

/** One sign-in as stored (credential-schemas.ts: StoredCredential). */
export type StoredCredential = z.infer<typeof StoredCredentialSchema>;

export interface CredentialStore {
  readonly name: 'keyring' | 'file';
  get(origin: string): Promise<StoredCredential | null>;
  set(origin: string, credential: StoredCredential): Promise<void>;
  delete(origin: string): Promise<boolean>;
}

/** A stored credential; the zod schema is loaded only for a document the plain reader cannot tell. */
async function parseStored(text: string | null): Promise<StoredCredential | null> {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const plain = plainStoredCredential(value);
  if (plain) return plain;
  const parsed = (await credentialSchemas()).StoredCredential.safeParse(value);
  return parsed.success ? parsed.data : null;
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

/** Plain-file fallback: `<config dir>/credentials.json`, 0600 in a 0700 folder. */
export class FileStore implements CredentialStore {
  readonly name = 'file' as const;
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'credentials.json');
  }

  private async readAll(): Promise<Record<string, unknown>> {
    const text = readPrivateFile(this.file);
    if (!text) return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return {};
    }
    const plain = plainFileDocument(value);
    if (plain) return { ...plain.servers };
    const doc = (await credentialSchemas()).FileDocument.safeParse(value);
    return doc.success ? { ...doc.data.servers } : {};
  }

  private async update(fn: (servers: Record<string, unknown>) => boolean): Promise<boolean> {
    // The lock file lives beside the credentials file, so its 0700 folder must exist first.
    ensurePrivateDir(path.dirname(this.file));
    return withLock(`${this.file}.lock`, async () => {
      const servers = await this.readAll();
      const changed = fn(servers);
      if (changed) writePrivateFile(this.file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
      return changed;
    });
  }

  async get(origin: string): Promise<StoredCredential | null> {
    const value = (await this.readAll())[origin];
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
    if (removed && Object.keys(await this.readAll()).length === 0) removeFile(this.file);
    return removed;
  }
}

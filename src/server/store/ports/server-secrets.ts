// Secrets the server keeps for itself (e.g. the key that signs the sign-in form's pre-session),
// the same for every host of one store: JSON state file, or the `server_secrets` table
// (migrations/0007). Created on first use; never rotated by the store.
export interface ServerSecretStore {
  /** The secret called `name`: `create()`'s value if none exists yet, else the existing one. */
  getOrCreate(name: string, create: () => string, now: Date): Promise<string>;
}

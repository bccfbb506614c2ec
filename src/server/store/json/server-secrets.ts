// Server secrets in the JSON state file (collection "serverSecrets"; ../ports/server-secrets.ts).
import type { ServerSecretStore } from '../ports/server-secrets.js';
import type { JsonFileStore } from './json-file.js';
import { collection } from './state.js';

interface SecretRecord {
  name: string;
  value: string;
  createdAt: string;
}

export class JsonServerSecretStore implements ServerSecretStore {
  constructor(private readonly file: JsonFileStore) {}

  async getOrCreate(name: string, create: () => string, now: Date): Promise<string> {
    const found = await this.file.read((state) => (state.serverSecrets as SecretRecord[] | undefined)?.find((s) => s.name === name)?.value);
    if (found) return found;
    return this.file.mutate((state) => {
      const all = collection<SecretRecord>(state, 'serverSecrets');
      const existing = all.find((s) => s.name === name);
      if (existing) return existing.value;
      const value = create();
      all.push({ name, value, createdAt: now.toISOString() });
      return value;
    });
  }
}

// Server secrets in the `server_secrets` table (migrations/0007; ../ports/server-secrets.ts):
// the first host to ask creates the value, every other host reads that one.
import type { ServerSecretStore } from '../ports/server-secrets.js';
import type { Database } from './database.js';

export class PostgresServerSecretStore implements ServerSecretStore {
  constructor(private readonly db: Database) {}

  async getOrCreate(name: string, create: () => string, now: Date): Promise<string> {
    await this.db.query('INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [name, create(), now.toISOString()]);
    const { rows } = await this.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
    return rows[0]!.value;
  }
}

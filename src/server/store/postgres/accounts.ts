// AccountStore over the `accounts` table (migrations/0001).
import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors.js';
import type { Account, AccountStore, NewAccount } from '../ports/index.js';
import { type Database, integrityCode } from './database.js';
import { insertStatement, recordFromRow } from './rows.js';

interface AccountRow {
  id: string;
  email: string;
  name: string;
  company: string | null;
  plan: Account['plan'];
  paid_until: string | null;
  disabled: boolean;
  password_hash: string | null;
  created_at: Date;
}

/** Columns are the snake_case of the fields (migrations/*.sql), so the generic mapping applies. */
export const accountFromRow = (r: AccountRow): Account => recordFromRow<Account>(r as unknown as Record<string, unknown>);

/** Port field → column, for the fields `update` may change. */
const COLUMNS: Record<keyof Omit<Account, 'id' | 'createdAt'>, string> = {
  email: 'email',
  name: 'name',
  company: 'company',
  plan: 'plan',
  paidUntil: 'paid_until',
  disabled: 'disabled',
  passwordHash: 'password_hash',
};

const emailTaken = (email: string) => new AppError(409, 'conflict', 'Conflict', { detail: `An account with e-mail ${email} already exists.` });

export class PostgresAccountStore implements AccountStore {
  constructor(private readonly db: Database) {}

  async create(input: NewAccount): Promise<Account> {
    const account: Account = { id: randomUUID(), ...input, disabled: false, createdAt: new Date().toISOString() };
    await this.insert(account);
    return account;
  }

  /** Inserts a complete record (also used by `migrate-store`, which keeps ids and dates). */
  async insert(a: Account): Promise<void> {
    try {
      await this.db.query(...insertStatement('accounts', a));
    } catch (error) {
      if (integrityCode(error) === '23505') throw emailTaken(a.email);
      throw error;
    }
  }

  async getById(id: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
    return rows[0] ? accountFromRow(rows[0]) : null;
  }

  async getByEmail(email: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>('SELECT * FROM accounts WHERE lower(email COLLATE "und-x-icu") = lower($1 COLLATE "und-x-icu")', [email]);
    return rows[0] ? accountFromRow(rows[0]) : null;
  }

  async list(): Promise<Account[]> {
    const { rows } = await this.db.query<AccountRow>('SELECT * FROM accounts ORDER BY seq');
    return rows.map(accountFromRow);
  }

  async update(id: string, patch: Partial<Omit<Account, 'id' | 'createdAt'>>): Promise<Account | null> {
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [field, value] of Object.entries(patch)) {
      const column = COLUMNS[field as keyof typeof COLUMNS];
      if (!column || value === undefined) continue; // id and createdAt never change
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    }
    if (sets.length === 0) return this.getById(id);
    try {
      const { rows } = await this.db.query<AccountRow>(`UPDATE accounts SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values);
      return rows[0] ? accountFromRow(rows[0]) : null;
    } catch (error) {
      if (integrityCode(error) === '23505') throw emailTaken(String(patch.email));
      throw error;
    }
  }
}

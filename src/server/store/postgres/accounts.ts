// AccountStore over the `accounts` table (migrations/0001).
import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors.js';
import type { Account, AccountStore, NewAccount } from '../ports.js';
import { type Database, integrityCode } from './database.js';
import { isoRequired } from './rows.js';

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

export function accountFromRow(r: AccountRow): Account {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    company: r.company,
    plan: r.plan,
    paidUntil: r.paid_until,
    disabled: r.disabled,
    passwordHash: r.password_hash,
    createdAt: isoRequired(r.created_at),
  };
}

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
      await this.db.query(
        `INSERT INTO accounts (id, email, name, company, plan, paid_until, disabled, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [a.id, a.email, a.name, a.company, a.plan, a.paidUntil, a.disabled, a.passwordHash, a.createdAt],
      );
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
    const { rows } = await this.db.query<AccountRow>('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email]);
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

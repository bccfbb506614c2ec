import { randomUUID } from 'node:crypto';
import { findBy } from './lookup.js';
import { AppError } from '../../errors.js';
import type { JsonFileStore } from './json-file.js';
import type { Account, AccountStore, NewAccount } from '../ports/index.js';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export class JsonAccountStore implements AccountStore {
  constructor(private readonly file: JsonFileStore) {}

  create(input: NewAccount): Promise<Account> {
    return this.file.mutate((state) => {
      if (state.accounts.some((a) => sameEmail(a.email, input.email))) {
        throw new AppError(409, 'conflict', 'Conflict', { detail: `An account with e-mail ${input.email} already exists.` });
      }
      const account: Account = { id: randomUUID(), ...input, disabled: false, createdAt: new Date().toISOString() };
      state.accounts.push(account);
      return account;
    });
  }

  getById(id: string): Promise<Account | null> {
    return this.file.read((s) => findBy(s.accounts, 'id', id) ?? null);
  }

  getByEmail(email: string): Promise<Account | null> {
    return this.file.read((s) => s.accounts.find((a) => sameEmail(a.email, email)) ?? null);
  }

  list(): Promise<Account[]> {
    return this.file.read((s) => [...s.accounts]);
  }

  update(id: string, patch: Partial<Omit<Account, 'id' | 'createdAt'>>): Promise<Account | null> {
    return this.file.mutate((state) => {
      const account = state.accounts.find((a) => a.id === id);
      if (!account) return null;
      // Checked inside the same locked write, like create (PostgreSQL: the unique index).
      if (patch.email !== undefined && state.accounts.some((a) => a.id !== id && sameEmail(a.email, patch.email!))) {
        throw new AppError(409, 'conflict', 'Conflict', { detail: `An account with e-mail ${patch.email} already exists.` });
      }
      Object.assign(account, patch);
      return { ...account };
    });
  }
}

// The accounts port: who can sign in and be charged. Adapters: ../json/accounts.ts, ../postgres/accounts.ts.
export interface Account {
  id: string;
  email: string;
  name: string;
  /** Company name; accounts with the same (case-insensitive) company share the company ceiling. */
  company: string | null;
  plan: 'standard' | 'paid';
  /** YYYY-MM-DD: the paid entitlement is verified until the end of this UTC day. */
  paidUntil: string | null;
  disabled: boolean;
  /** scrypt hash for the web sign-in (see src/server/services/passwords.ts), null when none set. */
  passwordHash: string | null;
  createdAt: string;
}

export interface NewAccount {
  email: string;
  name: string;
  company: string | null;
  plan: Account['plan'];
  paidUntil: string | null;
  passwordHash: string | null;
}

export interface AccountStore {
  /** Throws AppError 409 `conflict` if the e-mail (case-insensitive) is taken. */
  create(input: NewAccount): Promise<Account>;
  getById(id: string): Promise<Account | null>;
  getByEmail(email: string): Promise<Account | null>;
  list(): Promise<Account[]>;
  /** Throws AppError 409 `conflict` (and changes nothing) if `patch.email` is another account's. */
  update(id: string, patch: Partial<Omit<Account, 'id' | 'createdAt'>>): Promise<Account | null>;
}

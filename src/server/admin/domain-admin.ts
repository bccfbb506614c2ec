// Helpers shared by the project, collection and shortlist operator commands.
import { z } from 'zod';
import { CollectionService } from '../domain/collections.js';
import { ProjectService } from '../domain/projects.js';
import { domainStoresOf } from '../domain/stores.js';
import type { Account, DomainStores, Store } from '../store/ports/index.js';
import type { AdminContext } from './context.js';
import { NotFoundError, UsageError } from './exit-codes.js';

export interface AdminDomain {
  store: Store;
  stores: DomainStores;
  projects: ProjectService;
  collections: CollectionService;
}

export async function openAdminDomain(ctx: AdminContext): Promise<AdminDomain> {
  const store = await ctx.openStore();
  const stores = domainStoresOf(store);
  const now = () => new Date();
  return { store, stores, projects: new ProjectService(stores, now), collections: new CollectionService(stores, now) };
}

export const Email = z.email();

/**
 * The account an e-mail option names; exit 3 when there is none, exit 2 when the value is not
 * an e-mail address at all (looked up first, so an account stored with an unusual address stays
 * reachable).
 */
export async function accountByEmail(store: Pick<Store, 'accounts'>, email: string, option: string): Promise<Account> {
  const account = await store.accounts.getByEmail(email);
  if (account) return account;
  if (!Email.safeParse(email).success) throw new UsageError(`${option}: ${JSON.stringify(email)} is not an e-mail address`);
  throw new NotFoundError(`${option}: no account with e-mail ${email}`);
}

/** Validates an ID option with its shared schema (e.g. ProjectId), as a usage error. */
export function idOption(schema: z.ZodType<string>, value: string, option: string): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${option}: ${parsed.error.issues[0]?.message ?? 'invalid ID'}`);
  return parsed.data;
}

export const collect = (value: string, previous: string[] = []) => [...previous, value];

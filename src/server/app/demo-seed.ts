// `npm start` on a new data dir: a few demo accounts and one demo token, printed clearly as
// demo credentials, so a newcomer can curl the API in the first minute. The token belongs to the
// paid demo account, whose real limits (60 requests a minute, 1,500 units a day with the default
// preset) last an afternoon of trying things; the standard account's 300 units a day would run
// dry in fifteen twenty-result searches.
import type { Store } from '../store/ports/index.js';
import { hashPassword } from '../services/passwords.js';
import { mintAgentToken } from '../services/agent-tokens.js';
import { CollectionService } from '../domain/collections.js';
import { ProjectService } from '../domain/projects.js';
import { domainStoresOf } from '../domain/stores.js';

export const DEMO_PASSWORD = 'demo-password';
/** The account the demo token belongs to (paid plan). */
export const DEMO_TOKEN_EMAIL = 'grace@demo.rcat.example';
export const DEMO_TOKEN_SCOPES = ['catalog:read', 'projects:read', 'shortlist:write'] as const;
export const DEMO_TOKEN_LABEL = 'demo token';

export interface DemoAccount {
  email: string;
  plan: 'standard' | 'paid';
  company: string | null;
}

export interface DemoSeedResult {
  accounts: DemoAccount[];
  /** The account the token belongs to. */
  tokenAccount: DemoAccount;
  token: string;
}

const DEMO_PEOPLE = [
  { email: 'ada@demo.rcat.example', name: 'Ada Researcher', company: 'Demo University', plan: 'standard' as const },
  { email: DEMO_TOKEN_EMAIL, name: 'Grace Labhead', company: 'Demo University', plan: 'paid' as const },
  { email: 'alan@demo.rcat.example', name: 'Alan Visitor', company: 'Demo Institute', plan: 'standard' as const },
];

/** The demo accounts that exist in this store (the demo was seeded before), in seeding order. */
export async function existingDemoAccounts(store: Store): Promise<DemoAccount[]> {
  const found: DemoAccount[] = [];
  for (const p of DEMO_PEOPLE) {
    const account = await store.accounts.getByEmail(p.email);
    if (account) found.push({ email: account.email, plan: account.plan, company: account.company });
  }
  return found;
}

/** Seeds only when the store has no accounts at all; returns null otherwise. */
export async function seedDemo(store: Store): Promise<DemoSeedResult | null> {
  if ((await store.accounts.list()).length > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  const created = [];
  for (const p of DEMO_PEOPLE) created.push(await store.accounts.create({ ...p, paidUntil: p.plan === 'paid' ? nextYear : null, passwordHash }));
  await seedDemoProjects(store, { ada: created[0]!.id, grace: created[1]!.id, alan: created[2]!.id });
  const minted = await mintAgentToken(store, { accountId: created[1]!.id, scopes: [...DEMO_TOKEN_SCOPES], label: DEMO_TOKEN_LABEL });
  const accounts = DEMO_PEOPLE.map((p) => ({ email: p.email, plan: p.plan, company: p.company }));
  return { accounts, tokenAccount: accounts[1]!, token: minted.token };
}

/**
 * Demo projects and collections, so list_projects and save_to_shortlist work at once for the
 * demo token (Grace): Grace owns one project (two collections), only views another (canSave
 * false there) and owns a personal collection that Ada may edit. Ada, signing in on the
 * website, edits Grace's project, owns one, only views a third and has her own reading list.
 */
export async function seedDemoProjects(store: Store, ids: { ada: string; grace: string; alan: string }): Promise<void> {
  const stores = domainStoresOf(store);
  const projects = new ProjectService(stores, () => new Date());
  const collections = new CollectionService(stores, () => new Date());

  const protein = await projects.create({ name: 'Protein structure pilot', ownerAccountId: ids.grace });
  await projects.setMember(protein.id, ids.ada, 'editor');
  await projects.setMember(protein.id, ids.alan, 'viewer');
  await collections.create({ name: 'Cryo-EM and crystallography candidates', projectId: protein.id });
  await collections.create({ name: 'Mass spectrometry options', projectId: protein.id });

  const soil = await projects.create({ name: 'Soil microbiome survey', ownerAccountId: ids.ada });
  await projects.setMember(soil.id, ids.grace, 'viewer');
  await collections.create({ name: 'Sequencing and isotope facilities', projectId: soil.id });

  const materials = await projects.create({ name: 'Materials characterisation (visiting)', ownerAccountId: ids.alan });
  await projects.setMember(materials.id, ids.ada, 'viewer');
  await collections.create({ name: 'Electron microscopy shortlist', projectId: materials.id });

  await collections.create({ name: 'My reading list', ownerAccountId: ids.ada });
  await collections.create({ name: "Grace's shared picks", ownerAccountId: ids.grace, editorAccountIds: [ids.ada] });
}

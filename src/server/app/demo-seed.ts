// `npm start` on a new data dir: a few demo accounts and one demo token, printed clearly as
// demo credentials, so a newcomer can curl the API in the first minute.
import type { Store } from '../store/ports/index.js';
import { hashPassword } from '../services/passwords.js';
import { mintAgentToken } from '../services/agent-tokens.js';
import { CollectionService } from '../domain/collections.js';
import { ProjectService } from '../domain/projects.js';
import { domainStoresOf } from '../domain/stores.js';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoSeedResult {
  accounts: { email: string; plan: string; company: string | null }[];
  token: string;
}

/** Seeds only when the store has no accounts at all; returns null otherwise. */
export async function seedDemo(store: Store): Promise<DemoSeedResult | null> {
  if ((await store.accounts.list()).length > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  const people = [
    { email: 'ada@demo.rcat.example', name: 'Ada Researcher', company: 'Demo University', plan: 'standard' as const, paidUntil: null },
    { email: 'grace@demo.rcat.example', name: 'Grace Labhead', company: 'Demo University', plan: 'paid' as const, paidUntil: nextYear },
    { email: 'alan@demo.rcat.example', name: 'Alan Visitor', company: 'Demo Institute', plan: 'standard' as const, paidUntil: null },
  ];
  const created = [];
  for (const p of people) created.push(await store.accounts.create({ ...p, passwordHash }));
  await seedDemoProjects(store, { ada: created[0]!.id, grace: created[1]!.id, alan: created[2]!.id });
  const minted = await mintAgentToken(store, {
    accountId: created[0]!.id,
    scopes: ['catalog:read', 'projects:read', 'shortlist:write'],
    label: 'demo token',
  });
  return { accounts: people.map((p) => ({ email: p.email, plan: p.plan, company: p.company })), token: minted.token };
}

/**
 * Demo projects and collections, so list_projects and save_to_shortlist work at once for the
 * demo token (Ada): Ada edits one project, owns one, only views a third (canSave false there),
 * owns a personal collection and is a named editor of one of Grace's.
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

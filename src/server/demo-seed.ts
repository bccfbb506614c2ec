// `npm start` on a new data dir: a few demo accounts and one demo token, printed clearly as
// demo credentials, so a newcomer can curl the API in the first minute.
import type { Store } from './store/ports.js';
import { hashPassword } from './services/passwords.js';
import { mintAgentToken } from './services/agent-tokens.js';

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
  const minted = await mintAgentToken(store, {
    accountId: created[0]!.id,
    scopes: ['catalog:read', 'projects:read', 'shortlist:write'],
    label: 'demo token',
  });
  return { accounts: people.map((p) => ({ email: p.email, plan: p.plan, company: p.company })), token: minted.token };
}

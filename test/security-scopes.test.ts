// Issue 8, security: scopes are enforced on every REST route and every MCP tool. Table-driven:
// each entry point × each scope it needs, with a token holding every other scope → 403 naming
// the missing scope, nothing written and nothing charged; the same call with exactly the scopes
// it needs is not refused (so the table cannot pass by refusing everything).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../src/shared/scopes.js';
import { scopesForToolCall, type ToolName } from '../src/shared/tools.js';
import { catalogueFile, microscopes, rawMcp, toolCallMessage } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

let server: TestServer;
let accountId: string;
let entityId: string;
let projectId: string;
let collectionId: string;

beforeAll(async () => {
  server = await startTestServer({ cataloguePath: catalogueFile(tempDir(), microscopes(3)), limits: 'variant-a' });
  const account = await server.addAccount();
  accountId = account.id;
  entityId = server.deps.services.catalogue.search('microscope').results[0]!.id;
  const now = new Date().toISOString();
  projectId = `prj_${crypto.randomUUID()}`;
  await server.deps.store.projects.create({ id: projectId, name: 'Scoped project', createdAt: now }, account.id);
  collectionId = `col_${crypto.randomUUID()}`;
  await server.deps.store.collections.insert({ id: collectionId, name: 'Scoped', projectId, ownerAccountId: null, editorAccountIds: [], createdAt: now });
});
afterAll(() => server.stop());

interface EntryPoint {
  name: string;
  needs: readonly Scope[];
  call(token: string): Promise<Response>;
}

const rest = (pathAndQuery: () => string) => (token: string) =>
  fetch(`${server.url}${pathAndQuery()}`, { headers: { authorization: `Bearer ${token}` } });
// Arguments are functions: the ids exist only after beforeAll.
const tool = (name: ToolName, args: () => Record<string, unknown>, label = ''): EntryPoint => ({
  name: `/mcp tools/call ${name}${label}`,
  // The scopes come from the server's own table, with the arguments that can add some.
  needs: scopesForToolCall(name, label ? { projectId: 'any' } : {}),
  call: (token) => rawMcp(server.url, { token, body: toolCallMessage(name, args()) }),
});

const ENTRY_POINTS: EntryPoint[] = [
  { name: 'GET /api/agent/catalog/search', needs: ['catalog:read'], call: rest(() => '/api/agent/catalog/search?query=microscope') },
  { name: 'GET /api/agent/catalog/record', needs: ['catalog:read'], call: rest(() => `/api/agent/catalog/record?id=${encodeURIComponent(entityId)}`) },
  tool('search', () => ({ query: 'microscope' })),
  tool('fetch', () => ({ id: entityId })),
  tool('list_projects', () => ({})),
  tool('save_to_shortlist', () => ({ collectionId, entityId })),
  tool('prepare_inquiry', () => ({ entityId, question: 'Can we book time on it?' })),
  tool('prepare_inquiry', () => ({ entityId, question: 'Can we book time for the project?', projectId }), ' with projectId'),
];

function stateOf(): { shortlistItems?: unknown[]; inquiryDrafts?: unknown[] } {
  return JSON.parse(readFileSync(path.join(server.dataDir, 'state.json'), 'utf8'));
}

const cases = ENTRY_POINTS.flatMap((e) => e.needs.map((missing) => [e.name, missing, e] as const));

describe('every route and tool × every scope it needs', () => {
  it('the table covers both REST routes, all five tools and the projectId variant', () => {
    expect(new Set(ENTRY_POINTS.map((e) => e.name)).size).toBe(8);
    expect(cases.length).toBeGreaterThanOrEqual(9);
  });

  it.each(cases)('%s without %s → 403 naming it; nothing written, nothing charged', async (_name, missing, entry) => {
    const token = await server.token((await server.deps.store.accounts.getById(accountId))!, SCOPES.filter((s) => s !== missing));
    const before = stateOf();
    const usageBefore = await (await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } })).json();

    const res = await entry.call(token);
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(res.headers.get('www-authenticate')).toContain(missing);
    const body = await res.text();
    expect(body).toContain(missing);
    expect(body).not.toMatch(/"result"/);

    const after = stateOf();
    expect(after.shortlistItems ?? []).toEqual(before.shortlistItems ?? []);
    expect(after.inquiryDrafts ?? []).toEqual(before.inquiryDrafts ?? []);
    const usageAfter = await (await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(usageAfter.account.windows.minute.used).toBe(usageBefore.account.windows.minute.used);
  });

  it.each(ENTRY_POINTS.map((e) => [e.name, e] as const))('%s with exactly the scopes it needs is served', async (_name, entry) => {
    const token = await server.token((await server.deps.store.accounts.getById(accountId))!, [...entry.needs]);
    const res = await entry.call(token);
    expect(res.status).toBe(200);
    const body = await res.text();
    if (entry.name.startsWith('/mcp')) expect(JSON.parse(body).result?.isError ?? false).toBe(false);
  });
});

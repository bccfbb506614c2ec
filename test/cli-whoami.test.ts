// GET /api/agent/whoami (added for `rcat login --with-token` and `rcat status`): the account
// and the calling token's kind, scopes and expiry; any valid token, no units charged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { UsageReport } from '../src/shared/usage.js';
import { WhoAmI } from '../src/shared/whoami.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/agent/whoami', () => {
  it('returns exactly the account and the token\'s scopes and expiry, for a token with any scope', async () => {
    const account = await server.addAccount({ name: 'Dorothy Hodgkin' });
    const token = await server.token(account, ['projects:read'], 12);
    const res = await get('/api/agent/whoami', token);
    expect(res.status).toBe(200);
    const body = WhoAmI.parse(await res.json());
    expect(body.account).toEqual({ email: account.email, name: 'Dorothy Hodgkin' });
    expect(body.token.kind).toBe('agent');
    expect(body.token.scopes).toEqual(['projects:read']);
    const days = (Date.parse(body.token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(11);
    expect(days).toBeLessThanOrEqual(12);
  });

  it('401 with a Bearer challenge without a valid token; 400 for unknown parameters', async () => {
    for (const token of [undefined, 'rcat_at_nope']) {
      const res = await get('/api/agent/whoami', token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      Problem.parse(await res.json());
    }
    const token = await server.token(await server.addAccount());
    expect((await get('/api/agent/whoami?x=1', token)).status).toBe(400);
  });

  it('costs no units and no requests', async () => {
    const token = await server.token(await server.addAccount(), ['catalog:read']);
    const before = UsageReport.parse(await (await get('/api/agent/usage', token)).json());
    for (let i = 0; i < 5; i++) expect((await get('/api/agent/whoami', token)).status).toBe(200);
    const after = UsageReport.parse(await (await get('/api/agent/usage', token)).json());
    expect(after.account.windows.minute.used).toBe(before.account.windows.minute.used);
    expect(after.account.windows.day.used).toBe(before.account.windows.day.used);
  });
});

// Pages fail closed: when the state file cannot be read, signed-in pages and sign-in answer an
// HTML 503 with Retry-After (never a 500, never a stack trace), and recover when it is readable.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';

const PASSWORD = 'failure test password';
let server: TestServer;
let account: Account;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD });
});
afterAll(() => server.stop());

describe('pages when the store is unavailable', { timeout: 60_000 }, () => {
  it('answer 503 pages with Retry-After, then work again once the state is readable', async () => {
    const web = new WebClient(server.url);
    expect((await web.signIn(account.email, PASSWORD)).status).toBe(303);
    const form = await web.get('/en/sign-in', { cookie: '' });
    const csrf = csrfFrom(form.text);
    const signInCookie = form.setCookies.find((c) => c.startsWith('rcat_signin='))!.split(';')[0]!;
    const stateFile = path.join(server.dataDir, 'state.json');
    const good = readFileSync(stateFile, 'utf8');
    writeFileSync(stateFile, '{ this is not json');
    try {
      for (const res of [
        await web.get('/en/account'),
        await web.get('/en/account/agent-connections'),
        await new WebClient(server.url).post('/en/sign-in', { csrf, email: account.email, password: PASSWORD }, { cookie: signInCookie }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(res.text).not.toMatch(/at .*\.(js|ts):\d+/);
        expect(res.text).not.toContain('not json');
      }
    } finally {
      writeFileSync(stateFile, good);
    }
    expect((await web.get('/en/account')).status).toBe(200);
  });
});

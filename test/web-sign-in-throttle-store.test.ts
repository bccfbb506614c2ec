// The sign-in throttle keeps its counts in the store (src/server/store/ports/attempt-counters.ts): a
// restart on the same data dir forgives nothing, and two servers over one PostgreSQL database
// count together, so two hosts give an attacker no more attempts than one. The token endpoint's
// throttle uses the same counters, so it is shared the same way. Real servers on port 0
// with a controlled clock; real HTTP through the sign-in form.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';
import { decide, openConsent, PASSWORD as OAUTH_PASSWORD, pkce, register, signedInBrowser, tokenRequest } from './oauth-support.js';

const PASSWORD = 'correct horse battery staple';
let clock = new Date('2026-04-07T08:00:00Z');
const now = () => clock;
const advanceSeconds = (s: number) => {
  clock = new Date(clock.getTime() + s * 1000);
};
const dirs = scratchDirs();
afterAll(() => dirs.cleanup());

async function signIn(server: TestServer, email: string, password: string) {
  const web = new WebClient(server.url);
  return web.signIn(email, password);
}

describe('JSON store: the throttle survives a restart', { timeout: 120_000 }, () => {
  it('an address blocked before a restart is still blocked after it, for the remaining delay only; the store holds no typed address', async () => {
    const dataDir = dirs.dir();
    let server = await startTestServer({ dataDir }, { now });
    try {
      const victim = await server.addAccount({ password: PASSWORD });
      for (let i = 0; i < 6; i++) expect((await signIn(server, victim.email, `wrong ${i}`)).status).toBe(401);
      expect((await signIn(server, victim.email, PASSWORD)).status).toBe(429);
      // A typed address of no account is counted too, but never stored as typed.
      const ghost = `ghost-${process.pid}-${Date.now()}@example.test`;
      expect((await signIn(server, ghost, 'guess')).status).toBe(401);
      const state = readFileSync(path.join(dataDir, 'state.json'), 'utf8');
      expect(state).toContain('attemptCounters');
      expect(state.toLowerCase()).not.toContain(ghost);
    } finally {
      await server.stop();
    }

    server = await startTestServer({ dataDir }, { now });
    try {
      const victim = (await server.deps.store.accounts.list()).at(-1)!;
      const blocked = await signIn(server, victim.email, PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.text).toContain('Too many failed sign-ins; try again in ');
      const wait = Number(blocked.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      advanceSeconds(wait);
      expect((await signIn(server, victim.email, PASSWORD)).status).toBe(303);
      // The success cleared the address's count: five more failures are free again.
      for (let i = 0; i < 5; i++) expect((await signIn(server, victim.email, `wrong after ${i}`)).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});

describe('JSON store: counts are forgotten after 30 idle minutes', { timeout: 120_000 }, () => {
  it('five failures, 30 minutes without one, then a full allowance again', async () => {
    const server = await startTestServer({ dataDir: dirs.dir() }, { now });
    try {
      const victim = await server.addAccount({ password: PASSWORD });
      for (let i = 0; i < 5; i++) expect((await signIn(server, victim.email, `wrong ${i}`)).status).toBe(401);
      advanceSeconds(30 * 60 + 1);
      // Forgotten: five more are free, the sixth blocks (not the first, as it would without forgetting).
      for (let i = 0; i < 6; i++) expect((await signIn(server, victim.email, `later ${i}`)).status).toBe(401);
      expect((await signIn(server, victim.email, PASSWORD)).status).toBe(429);
    } finally {
      await server.stop();
    }
  });
});

describe('PostgreSQL: two hosts count together', { timeout: 180_000 }, () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await sharedPostgres();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  async function twoHosts(): Promise<[TestServer, TestServer]> {
    const url = await cluster.createDatabase('throttle');
    const a = await startTestServer({ store: url }, { now });
    const b = await startTestServer({ store: url }, { now });
    return [a, b];
  }

  it('failures on either host add up; the block is seen on both; a success on one clears it for both', async () => {
    const [a, b] = await twoHosts();
    try {
      const victim = await a.addAccount({ password: PASSWORD });
      for (let i = 0; i < 3; i++) expect((await signIn(a, victim.email, `wrong a${i}`)).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await signIn(b, victim.email, `wrong b${i}`)).status).toBe(401);
      // Six failures in all: blocked, on both hosts, even with the right password.
      const onA = await signIn(a, victim.email, PASSWORD);
      const onB = await signIn(b, victim.email, PASSWORD);
      expect([onA.status, onB.status]).toEqual([429, 429]);
      advanceSeconds(Number(onB.headers.get('retry-after')));
      expect((await signIn(b, victim.email, PASSWORD)).status).toBe(303);
      // Cleared for both hosts: host A gives the full allowance again (5 free, the 6th blocks).
      for (let i = 0; i < 6; i++) expect((await signIn(a, victim.email, `wrong again ${i}`)).status).toBe(401);
      expect((await signIn(a, victim.email, PASSWORD)).status).toBe(429);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('a burst of parallel guesses split across both hosts gets exactly the allowance plus one checked', async () => {
    const [a, b] = await twoHosts();
    try {
      const target = await a.addAccount({ password: PASSWORD });
      const webA = new WebClient(a.url);
      const webB = new WebClient(b.url);
      const csrfA = csrfFrom((await webA.get('/en/sign-in')).text);
      const csrfB = csrfFrom((await webB.get('/en/sign-in')).text);
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2 === 0 ? webA.post('/en/sign-in', { csrf: csrfA, email: target.email, password: `guess ${i}` }) : webB.post('/en/sign-in', { csrf: csrfB, email: target.email, password: `guess ${i}` }),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(6);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      expect((await webB.post('/en/sign-in', { csrf: csrfB, email: target.email, password: PASSWORD })).status).toBe(429);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('the token endpoint throttle is shared too: guesses of a confidential client secret on both hosts block it on both', async () => {
    const [a, b] = await twoHosts();
    try {
      const owner = await a.addAccount({ password: OAUTH_PASSWORD });
      const web = await signedInBrowser(a, owner.email);
      const redirect = 'https://host.example/callback';
      const reg = await register(a, { client_name: 'Shared host', redirect_uris: [redirect], token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code', 'refresh_token'] });
      const { client_id, client_secret } = reg.body as { client_id: string; client_secret: string };
      const { verifier, challenge } = pkce();
      const code = (await decide(web, await openConsent(web, { clientId: client_id, redirectUri: redirect, challenge }), 'allow')).searchParams.get('code')!;
      const tokens = await tokenRequest(b, { grant_type: 'authorization_code', client_id, client_secret, code, code_verifier: verifier, redirect_uri: redirect });
      expect(tokens.status).toBe(200);
      const refresh = (server: TestServer, secret: string) => tokenRequest(server, { grant_type: 'refresh_token', client_id, client_secret: secret, refresh_token: tokens.body.refresh_token });
      // 21 wrong secrets, alternating hosts: 20 free, the 21st blocks (each host saw only ~10).
      for (let i = 0; i < 21; i++) expect((await refresh(i % 2 ? a : b, `guess-${i}`)).status).toBe(401);
      const onA = await refresh(a, client_secret);
      const onB = await refresh(b, client_secret);
      expect([onA.status, onB.status]).toEqual([429, 429]);
      expect(onB.body.error).toBe('slow_down');
      advanceSeconds(Number(onB.headers.get('retry-after')));
      expect((await refresh(a, client_secret)).status).toBe(200);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

// The OAuth records (src/server/store/ports/oauth.ts): single-use codes, refresh rotation with reuse
// detection, grant revocation — atomic in every adapter.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthorizationCodeRecord, OAuthClientRecord, OAuthGrantRecord, OAuthTokenRecord, RegistrationLimits } from '../../src/server/store/ports/oauth.js';
import type { Store } from '../../src/server/store/ports/index.js';
import { anAccount, iso, type StoreFactory } from './harness.js';

const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const HOUR = 3_600_000;
const hash = () => randomUUID().replace(/-/g, '').repeat(2);

function oauthOf(store: Store) {
  if (!store.oauth) throw new Error(`${store.describe()} lacks the OAuth port`);
  return store.oauth;
}

function aCode(accountId: string): AuthorizationCodeRecord {
  return {
    codeHash: hash(),
    grantId: `grant-${randomUUID()}`,
    clientId: 'client-1',
    accountId,
    redirectUri: 'http://127.0.0.1:9999/callback',
    redirectUriExplicit: true,
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    scopes: ['catalog:read'],
    resources: ['http://127.0.0.1:8787/mcp'],
    createdAt: iso(T0),
    expiresAt: iso(T0 + 60_000),
    usedAt: null,
  };
}

function grantAndTokens(code: AuthorizationCodeRecord, at: number): { grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] } {
  const grant: OAuthGrantRecord = {
    id: code.grantId,
    accountId: code.accountId,
    clientId: code.clientId,
    clientName: 'Test client',
    scopes: code.scopes,
    resources: code.resources,
    createdAt: iso(at),
    expiresAt: iso(at + 30 * 24 * HOUR),
    lastUsedAt: null,
    revokedAt: null,
    revokedReason: null,
  };
  const token = (kind: 'access' | 'refresh', ttl: number): OAuthTokenRecord => ({
    id: randomUUID(),
    grantId: grant.id,
    kind,
    tokenHash: hash(),
    scopes: code.scopes,
    resources: code.resources,
    createdAt: iso(at),
    expiresAt: iso(at + ttl),
    rotatedAt: null,
    revokedAt: null,
  });
  return { grant, tokens: [token('access', HOUR), token('refresh', 30 * 24 * HOUR)] };
}

const LIMITS: RegistrationLimits = { unusedLifetimeMs: 24 * HOUR, maxUnusedPerSource: 3, maxUnusedTotal: 5 };

function aClient(source: string | null, createdAt: number): OAuthClientRecord {
  return {
    clientId: randomUUID(),
    clientSecretHash: null,
    clientSecretExpiresAt: 0,
    clientName: 'Host',
    redirectUris: ['https://app.example/cb'],
    tokenEndpointAuthMethod: 'none',
    grantTypes: ['authorization_code', 'refresh_token'],
    metadata: {},
    createdAt: iso(createdAt),
    registeredFrom: source,
  };
}

function registrationContract(factory: StoreFactory): void {
  it('caps unused registrations per source: the next one is refused until the oldest lapses', async () => {
    const oauth = oauthOf(await factory.open());
    for (let i = 0; i < 3; i++) expect(await oauth.insertClient(aClient('src-a', T0 + i * HOUR), LIMITS, new Date(T0 + i * HOUR))).toEqual({ admitted: true });
    const refused = aClient('src-a', T0 + 3 * HOUR);
    expect(await oauth.insertClient(refused, LIMITS, new Date(T0 + 3 * HOUR))).toEqual({ admitted: false, retryAfterMs: 21 * HOUR });
    expect(await oauth.getClient(refused.clientId, new Date(T0 + 3 * HOUR), LIMITS)).toBeNull();
    // Another source is not affected; the first source may register again once its oldest lapsed.
    expect(await oauth.insertClient(aClient('src-b', T0 + 3 * HOUR), LIMITS, new Date(T0 + 3 * HOUR))).toEqual({ admitted: true });
    expect(await oauth.insertClient(aClient('src-a', T0 + 24 * HOUR), LIMITS, new Date(T0 + 24 * HOUR))).toEqual({ admitted: true });
  });

  it('keeps at most the total of unused registrations: the oldest unused give way; a used one stays and does not count', async () => {
    const store = await factory.open();
    const oauth = oauthOf(store);
    const account = await anAccount(store);
    const used = aClient(null, T0);
    await oauth.insertClient(used, LIMITS, new Date(T0));
    await oauth.insertCode({ ...aCode(account.id), clientId: used.clientId, expiresAt: iso(T0 + 60_000) }, new Date(T0 + 1));
    const unused = Array.from({ length: 7 }, (_, i) => aClient(`src-${i}`, T0 + (i + 1) * 1000));
    for (const c of unused) expect(await oauth.insertClient(c, LIMITS, new Date(Date.parse(c.createdAt)))).toEqual({ admitted: true });
    const at = new Date(T0 + 10_000);
    const found = await Promise.all(unused.map((c) => oauth.getClient(c.clientId, at, LIMITS)));
    expect(found.map((c) => c !== null)).toEqual([false, false, true, true, true, true, true]);
    // Two days later: the unused ones have lapsed; the one a code was issued to is still there.
    const later = new Date(T0 + 48 * HOUR);
    expect(await oauth.getClient(unused[6]!.clientId, later, LIMITS)).toBeNull();
    expect(await oauth.getClient(used.clientId, later, LIMITS)).toEqual(used);
  });

  it('counts registrations made at the same moment exactly', async () => {
    const oauth = oauthOf(await factory.open());
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => oauth.insertClient(aClient('src-burst', T0), LIMITS, new Date(T0))));
    expect(outcomes.filter((o) => o.admitted)).toHaveLength(3);
  });
}

export function oauthContract(factory: StoreFactory): void {
  describe('OAuthStore: registration bounds', () => registrationContract(factory));
  describe('OAuthStore', () => {
    it('stores clients and pending requests; a pending request is taken once', async () => {
      const store = await factory.open();
      const oauth = oauthOf(store);
      const account = await anAccount(store);
      const client = {
        clientId: randomUUID(),
        clientSecretHash: null,
        clientSecretExpiresAt: 0,
        clientName: `Client "x" ' ;--`,
        redirectUris: ['http://127.0.0.1/cb', 'https://app.example/cb'],
        tokenEndpointAuthMethod: 'none',
        grantTypes: ['authorization_code', 'refresh_token'],
        metadata: { client_uri: 'https://app.example', nested: { a: [1, 2] } },
        createdAt: iso(T0),
        registeredFrom: 'ab'.repeat(32),
      };
      expect(await oauth.insertClient(client, LIMITS, new Date(T0))).toEqual({ admitted: true });
      expect(await oauth.getClient(client.clientId, new Date(T0), LIMITS)).toEqual(client);
      expect(await oauth.getClient('nope', new Date(T0), LIMITS)).toBeNull();
      const pending = {
        id: randomUUID(),
        sessionId: randomUUID(),
        accountId: account.id,
        clientId: client.clientId,
        redirectUri: 'http://127.0.0.1/cb',
        redirectUriExplicit: false,
        scopes: ['catalog:read' as const],
        resources: [],
        codeChallenge: 'abc',
        state: null,
        createdAt: iso(T0),
        expiresAt: iso(T0 + 600_000),
      };
      await oauth.insertPending(pending, new Date(T0));
      expect(await oauth.getPending(pending.id)).toEqual(pending);
      const taken = await Promise.all([oauth.takePending(pending.id), oauth.takePending(pending.id)]);
      expect(taken.filter(Boolean)).toEqual([pending]);
      expect(await oauth.getPending(pending.id)).toBeNull();
    });

    it('a spent code presented again by a stranger changes nothing; only a replay (isReplay) revokes', async () => {
      const store = await factory.open();
      const oauth = oauthOf(store);
      const account = await anAccount(store);
      const code = aCode(account.id);
      await oauth.insertCode(code, new Date(T0));
      const issued = grantAndTokens(code, T0 + 1000);
      const notCalled = () => {
        throw new Error('decide must not be called for a spent code');
      };
      expect(await oauth.redeemCode(code.codeHash, new Date(T0 + 1000), () => ({ ok: true, value: issued }), () => true)).toMatchObject({ ok: true });
      const seen: AuthorizationCodeRecord[] = [];
      const stranger = await oauth.redeemCode(code.codeHash, new Date(T0 + 2000), notCalled, (c) => (seen.push(c), false));
      expect(stranger).toMatchObject({ ok: false });
      expect(stranger).not.toHaveProperty('revokedGrant');
      expect(seen).toMatchObject([{ codeHash: code.codeHash, clientId: code.clientId, codeChallenge: code.codeChallenge, usedAt: iso(T0 + 1000) }]);
      expect(await oauth.getGrant(issued.grant.id)).toMatchObject({ revokedAt: null });
      expect((await oauth.findTokenByHash(issued.tokens[0]!.tokenHash))!.token.revokedAt).toBeNull();
      const replay = await oauth.redeemCode(code.codeHash, new Date(T0 + 3000), notCalled, () => true);
      expect(replay).toMatchObject({ ok: false, revokedGrant: true });
      expect(await oauth.getGrant(issued.grant.id)).toMatchObject({ revokedReason: 'code_reuse', revokedAt: iso(T0 + 3000) });
    });

    it('redeems a code exactly once under concurrency; a replay revokes the grant and its tokens', async () => {
      const store = await factory.open();
      const oauth = oauthOf(store);
      const account = await anAccount(store);
      const code = aCode(account.id);
      await oauth.insertCode(code, new Date(T0));
      const at = new Date(T0 + 1000);
      const issued = grantAndTokens(code, at.getTime());
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () =>
          oauth.redeemCode(code.codeHash, at, (c) => (c.codeHash === code.codeHash ? { ok: true, value: issued } : { ok: false, reason: 'x' }), () => true),
        ),
      );
      expect(outcomes.filter((o) => o?.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => o && !o.ok && o.revokedGrant)).toHaveLength(4);
      const found = await oauth.findTokenByHash(issued.tokens[0]!.tokenHash);
      // The replays revoked the family (the token is gone or marked revoked).
      if (found) expect(found.token.revokedAt).not.toBeNull();
      const grant = await oauth.getGrant(issued.grant.id);
      expect(grant).toMatchObject({ revokedReason: 'code_reuse' });
      expect(grant!.revokedAt).not.toBeNull();
      expect(await oauth.redeemCode(hash(), at, () => ({ ok: false, reason: 'x' }), () => true)).toBeNull();
    });

    it('rotates a refresh token once; reusing the old one revokes every token of the grant', async () => {
      const store = await factory.open();
      const oauth = oauthOf(store);
      const account = await anAccount(store);
      const code = aCode(account.id);
      await oauth.insertCode(code, new Date(T0));
      const issued = grantAndTokens(code, T0 + 1000);
      await oauth.redeemCode(code.codeHash, new Date(T0 + 1000), () => ({ ok: true, value: issued }), () => true);
      const access = issued.tokens[0]!;
      const refresh = issued.tokens[1]!;
      expect(await oauth.findTokenByHash(access.tokenHash)).toEqual({ token: access, grant: issued.grant });
      expect(await oauth.listGrantsForAccount(account.id)).toEqual([issued.grant]);

      const next = grantAndTokens(code, T0 + 5000).tokens;
      const rotated = await oauth.rotateRefreshToken(refresh.tokenHash, new Date(T0 + 5000), (t, g) => {
        expect(t).toEqual(refresh);
        expect(g).toEqual(issued.grant);
        return { ok: true, value: { tokens: next, grantExpiresAt: iso(T0 + 40 * 24 * HOUR) } };
      });
      expect(rotated).toEqual({ ok: true, value: { tokens: next, grant: { ...issued.grant, expiresAt: iso(T0 + 40 * 24 * HOUR), lastUsedAt: iso(T0 + 5000) } } });
      expect((await oauth.findTokenByHash(refresh.tokenHash))!.token.rotatedAt).toBe(iso(T0 + 5000));

      const reuse = await oauth.rotateRefreshToken(refresh.tokenHash, new Date(T0 + 9000), () => ({ ok: false, reason: 'unexpected' }));
      expect(reuse).toMatchObject({ ok: false, revokedGrant: true });
      const after = await oauth.getGrant(issued.grant.id);
      expect(after).toMatchObject({ revokedReason: 'refresh_reuse', revokedAt: iso(T0 + 9000) });
      for (const t of [...issued.tokens, ...next]) {
        const f = await oauth.findTokenByHash(t.tokenHash);
        if (f) expect(f.token.revokedAt).not.toBeNull();
      }
      expect(await oauth.rotateRefreshToken(access.tokenHash, new Date(T0), () => ({ ok: false, reason: 'x' }))).toBeNull();
    });

    it('revokes a token and a grant idempotently, and records grant use without going backwards', async () => {
      const store = await factory.open();
      const oauth = oauthOf(store);
      const account = await anAccount(store);
      const code = aCode(account.id);
      await oauth.insertCode(code, new Date(T0));
      const issued = grantAndTokens(code, T0);
      await oauth.redeemCode(code.codeHash, new Date(T0), () => ({ ok: true, value: issued }), () => true);
      await oauth.touchGrants([{ id: issued.grant.id, lastUsedAt: iso(T0 + 2000) }]);
      await oauth.touchGrants([{ id: issued.grant.id, lastUsedAt: iso(T0 + 1000) }]);
      expect((await oauth.getGrant(issued.grant.id))!.lastUsedAt).toBe(iso(T0 + 2000));
      await oauth.revokeToken(issued.tokens[0]!.id, new Date(T0 + 3000));
      await oauth.revokeToken(issued.tokens[0]!.id, new Date(T0 + 4000));
      expect((await oauth.findTokenByHash(issued.tokens[0]!.tokenHash))!.token.revokedAt).toBe(iso(T0 + 3000));
      const revoked = await oauth.revokeGrant(issued.grant.id, new Date(T0 + 5000), 'user');
      expect(revoked).toMatchObject({ revokedAt: iso(T0 + 5000), revokedReason: 'user' });
      expect(await oauth.revokeGrant(issued.grant.id, new Date(T0 + 6000), 'client')).toMatchObject({ revokedAt: iso(T0 + 5000), revokedReason: 'user' });
      expect(await oauth.revokeGrant('nope', new Date(T0), 'user')).toBeNull();
    });
  });
}

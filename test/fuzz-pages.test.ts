// Issue 8, bad input at the web pages (fast-check): the sign-in form, the agent-connections
// form, record page paths, the search page and arbitrary /en/ addresses. Every request ends in a
// documented HTML answer (303 to sign-in, 400, 401, 403, 404, 409, 413, 429) — never a 5xx, never
// a stack trace — and a refused form changes nothing: no session, no token.
// test/web-sign-in.test.ts and test/web-pages.test.ts have the hand-picked cases.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLoose, guardedState, hostileText, runs } from './support/hostile-input.js';
import { catalogueFile, GENEROUS_LIMITS, limitsFile, microscopes } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { csrfFrom, type PageResponse, WebClient } from './support/web-client.js';
import { PASSWORD, signedInBrowser } from './oauth-support.js';

let server: TestServer;
let web: WebClient;
let email: string;

beforeAll(async () => {
  server = await startTestServer({ cataloguePath: catalogueFile(tempDir(), microscopes(3)), limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  email = (await server.addAccount({ password: PASSWORD })).email;
  web = await signedInBrowser(server, email);
});
afterAll(() => server.stop());

function expectHtmlAnswer(res: PageResponse, allowed: number[]) {
  expect(allowed, `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
  expect(res.text).not.toMatch(/\n\s+at |node_modules/);
}

const formPairs = (fields: string[], extra: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(fc.constantFrom(...fields), fc.oneof(hostileText, extra)), { maxLength: 8 });

describe('pages under hostile input', () => {
  it('sign-in form: arbitrary fields never sign in, never 5xx, start no session', async () => {
    const visitor = new WebClient(server.url);
    const token = csrfFrom((await visitor.get('/en/sign-in')).text);
    const before = guardedState(server.dataDir);
    await fc.assert(
      fc.asyncProperty(formPairs(['csrf', 'email', 'password', 'next', '__proto__'], fc.constantFrom(token, email, 'wrong password', '//evil.example', '/\\evil.example')), async (pairs) => {
        const form: Record<string, string[]> = Object.create(null);
        for (const [k, v] of pairs) (form[k] ??= []).push(v);
        // The right password with the right e-mail is a real sign-in, not hostile input.
        if (form.password?.includes(PASSWORD)) return;
        const res = await visitor.post('/en/sign-in', form);
        expectHtmlAnswer(res, [400, 401, 403, 413, 429]);
        expect(visitor.cookies.has('rcat_session')).toBe(false);
      }),
      { numRuns: runs(50) },
    );
    expect(guardedState(server.dataDir)).toBe(before);
  });

  it('agent-connections form: arbitrary labels and scopes are 201 or a 400/409 page; a refusal creates nothing', async () => {
    const tokensOf = async () => (await server.deps.store.agentTokens.listForAccount((await server.deps.store.accounts.getByEmail(email))!.id)).length;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileText, fc.constantFrom('', ' ', 'ok label')),
        fc.array(fc.oneof(hostileText, fc.constantFrom('catalog:read', 'shortlist:write', 'admin', 'catalog:read ')), { maxLength: 4 }),
        fc.boolean(),
        async (label, scopes, withCsrf) => {
          const page = await web.get('/en/account/agent-connections');
          const count = await tokensOf();
          const res = await web.post('/en/account/agent-connections', { ...(withCsrf ? { csrf: csrfFrom(page.text) } : {}), label, scope: scopes });
          expectHtmlAnswer(res, withCsrf ? [201, 400, 409, 413] : [403]);
          expect(await tokensOf()).toBe(res.status === 201 ? count + 1 : count);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('record page paths: arbitrary type and id segments are 404 pages (signed in) or sign-in (not)', async () => {
    const visitor = new WebClient(server.url);
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText, fc.constantFrom('equipment', 'laboratory', 'technique')), hostileText, fc.boolean(), async (type, id, raw) => {
        const segment = (s: string) => (raw ? s.replace(/[/?#\s]/g, '_') : encodeLoose(s));
        const p = `/en/catalogue/${segment(type) || '_'}/${segment(id) || '_'}`;
        const res = await web.get(p);
        expectHtmlAnswer(res, [200, 400, 404]);
        const anon = await visitor.get(p);
        expectHtmlAnswer(anon, [303, 400, 404]);
      }),
      { numRuns: runs(50) },
    );
  });

  it('search page and arbitrary /en/ addresses: 200, 303, 400 or 404, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (query, tail) => {
        expectHtmlAnswer(await web.get(`/en/catalogue?query=${encodeLoose(query)}`), [200, 400]);
        expectHtmlAnswer(await web.get(`/en/${encodeLoose(tail)}`), [200, 303, 400, 404]);
        expectHtmlAnswer(await web.get(`/en/sign-in?next=${encodeLoose(tail)}`), [200, 303]);
      }),
      { numRuns: runs(40) },
    );
  });

  it('revoke forms with arbitrary ids revoke nothing: 404 (or 400), never 5xx', async () => {
    const before = guardedState(server.dataDir);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('tokens', 'grants'), hostileText, async (kind, id) => {
        const page = await web.get('/en/account/agent-connections');
        const segment = encodeLoose(id) || '_';
        const res = await web.post(`/en/account/agent-connections/${kind}/${segment}/revoke`, { csrf: csrfFrom(page.text) });
        expectHtmlAnswer(res, [400, 404]);
      }),
      { numRuns: runs(30) },
    );
    // Sessions may have been touched; tokens and grants are exactly as they were.
    const pick = (state: string) => JSON.stringify([JSON.parse(state).agentTokens, JSON.parse(state).oauthGrants]);
    expect(pick(guardedState(server.dataDir))).toBe(pick(before));
  });
});

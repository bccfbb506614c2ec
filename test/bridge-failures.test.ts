// `rcat mcp` when the remote fails: each failure is exactly one JSON-RPC error that says what
// to do (401 → rcat login, 403 → the scope, 429 → when to retry, 5xx/unreachable → which
// server and why), 4xx never fail over, connection failures and 5xx do, and a stored sign-in
// per server is used (two real servers, one stopped mid-session). The bridge runs in process
// (inProcessBridge); the rejected-token and failover cases also run it as a child process.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliHome, type CliHome, rcat, startInProcess } from './cli-support.js';
import { type Gate, inProcessBridge, rpcError, spawnBridge, type SpawnedBridge, startGate } from './bridge-fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';
import { connect as oauthConnect, PASSWORD, registerPublicClient, signedInBrowser } from './oauth-support.js';
import { Credentials } from '../src/cli/credentials.js';
import { HttpClient } from '../src/cli/http-client.js';

const BOUND = { timeout: 45_000 };

let server: TestServer;
let home: CliHome;
let token: string;
const bridges: SpawnedBridge[] = [];
const gates: Gate[] = [];
const servers: TestServer[] = [];

async function bridge(args: string[], env: NodeJS.ProcessEnv = { RCAT_TOKEN: token }, connect = true, start = inProcessBridge): Promise<SpawnedBridge> {
  const spawned = await start(args, { ...home.env, ...env }, connect);
  bridges.push(spawned);
  return spawned;
}

async function gate(target = server.url): Promise<Gate> {
  const g = await startGate(target);
  gates.push(g);
  return g;
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  home = cliHome();
  token = await server.token(await server.addAccount());
});

afterEach(async () => {
  await Promise.all(bridges.splice(0).map((b) => b.client.close().catch(() => {})));
});

afterAll(async () => {
  await Promise.all(gates.map((g) => g.close()));
  await Promise.all(servers.map((s) => s.stop().catch(() => {})));
  await server.stop();
  home.cleanup();
});

describe('sign-in problems: run `rcat login`, never a browser, never a loop', { timeout: 90_000 }, () => {
  it('a rejected token fails initialize with the login advice, and opens no browser', async () => {
    const g = await gate();
    // $BROWSER is what the CLI would use to open a page; here it only leaves a mark.
    const mark = path.join(home.home, 'browser-opened');
    const fakeBrowser = path.join(home.home, 'fake-browser.sh');
    writeFileSync(fakeBrowser, `#!/bin/sh\ntouch '${mark}'\n`, { mode: 0o755 });
    const { client, transport, stderr, stderrIncludes } = await bridge(['--server', g.url], { RCAT_TOKEN: 'rcat_at_revoked-or-made-up', BROWSER: fakeBrowser }, false, spawnBridge);
    const error = await rpcError(client.connect(transport, BOUND));
    expect(error.code).toBe(-32010);
    expect(error.message).toContain('rcat login');
    expect(error.message).toMatch(/rejected/);
    // One POST: no refresh-and-retry loop when the sign-in has not changed.
    expect(g.seen.filter((s) => s.method === 'POST').length).toBe(1);
    await stderrIncludes('initialize #0 failed');
    expect(stderr()).not.toContain('rcat_at_revoked-or-made-up');
    expect(existsSync(mark)).toBe(false);
  });

  it('no sign-in at all says "Not signed in" and names the server', async () => {
    const { client, transport, stderrIncludes } = await bridge(['--server', server.url], {}, false);
    const error = await rpcError(client.connect(transport, BOUND));
    expect(error.code).toBe(-32010);
    expect(error.message).toContain(`Not signed in to ${server.url}`);
    expect(error.message).toContain(`rcat login --server ${server.url}`);
    await stderrIncludes('not signed in');
  });

  it('a `rcat login` done while the bridge runs is used at the next request, without a restart', async () => {
    const own = cliHome();
    try {
      const child = startInProcess(['mcp', '--server', server.url], own.env, { open: true });
      const answers: Record<string, unknown>[] = [];
      const waiting: (() => void)[] = [];
      let buffer = '';
      child.onStdout((chunk: string) => {
        buffer += chunk;
        for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
          answers.push(JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>);
          buffer = buffer.slice(nl + 1);
          waiting.shift()?.();
        }
      });
      const next = async () => {
        if (answers.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
        return answers.shift()!;
      };
      const ping = (id: number) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`);
      ping(1);
      expect(((await next()).error as { code: number }).code).toBe(-32010);
      const login = await rcat(['login', '--server', server.url, '--with-token'], own.env, { input: `${token}\n` });
      expect(login.code, login.stderr).toBe(0);
      ping(2);
      const after = await next();
      expect(after.id).toBe(2);
      expect(after.result).toBeDefined();
      child.stdin.end();
      expect((await child.exited).code).toBe(0);
    } finally {
      own.cleanup();
    }
  });
});

describe('OAuth sign-ins', { timeout: 90_000 }, () => {
  it.each([
    ['has expired', -60_000],
    ['looks fresh but the server rejects it (401 → one forced refresh)', 30 * 60_000],
  ])('an OAuth access token that %s is refreshed silently, keeping the rotated refresh token', async (_case, expiresIn) => {
    const own = cliHome({ RCAT_CREDENTIAL_STORE: 'file' });
    const env = { ...own.env, RCAT_CONFIG_DIR: own.configDir };
    const credentials = new Credentials(env, new HttpClient(env));
    try {
      const account = await server.addAccount({ password: PASSWORD });
      const clientId = await registerPublicClient(server, 'http://127.0.0.1:53682/callback', 'rcat CLI (test)');
      const web = await signedInBrowser(server, account.email);
      const granted = await oauthConnect(server, web, {
        clientId,
        redirectUri: 'http://127.0.0.1:53682/callback',
        scope: 'catalog:read projects:read shortlist:write',
        resource: [server.url, `${server.url}/mcp`],
      });
      // The stored sign-in as `rcat login` leaves it, but with an access token the server does not know.
      await credentials.save(server.url, {
        kind: 'oauth',
        accessToken: 'rcat_oa_expired-and-unknown',
        expiresAt: new Date(Date.now() + expiresIn).toISOString(),
        refreshToken: granted.refresh_token as string,
        clientId,
        tokenEndpoint: `${server.url}/api/agent/oauth/token`,
        resources: [server.url, `${server.url}/mcp`],
      });
      const spawned = await inProcessBridge(['--server', server.url], env);
      bridges.push(spawned);
      const result = (await spawned.client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND)) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const after = await credentials.load(server.url);
      expect(after?.refreshToken).toBeTruthy();
      expect(after?.refreshToken).not.toBe(granted.refresh_token); // rotated, and saved before use
      expect(Date.parse(after!.expiresAt!)).toBeGreaterThan(Date.now());
    } finally {
      own.cleanup();
    }
  });
});

describe('refusals and limits', { timeout: 90_000 }, () => {
  it('403 insufficient scope names the scope, and the bridge keeps serving', async () => {
    const catalogOnly = await server.token(await server.addAccount(), ['catalog:read']);
    const { client } = await bridge(['--server', server.url], { RCAT_TOKEN: catalogOnly });
    const error = await rpcError(client.callTool({ name: 'list_projects', arguments: {} }, undefined, BOUND));
    expect(error.code).toBe(-32011);
    expect(error.message).toContain('projects:read');
    expect((error.data as { requiredScope?: string }).requiredScope).toBe('projects:read');
    const search = (await client.callTool({ name: 'search', arguments: { query: 'microscopy' } })) as CallToolResult;
    expect(search.isError).toBeFalsy();
  });

  it("the server's own rate limit (a tool result) reaches the host with when to retry", async () => {
    // A fixed server clock keeps all calls in one minute window (30 requests for a standard account).
    const fixed = new Date('2026-03-02T10:00:05Z');
    const limited = await startTestServer({}, { now: () => fixed });
    servers.push(limited);
    const own = await limited.token(await limited.addAccount());
    const { client } = await bridge(['--server', limited.url], { RCAT_TOKEN: own });
    let last: CallToolResult | undefined;
    for (let i = 0; i < 40 && !last?.isError; i++) {
      last = (await client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND)) as CallToolResult;
    }
    expect(last?.isError).toBe(true);
    expect(JSON.stringify(last?.content)).toMatch(/[Rr]etry after \d+ second/);
  });

  it('an HTTP 429 becomes an error with Retry-After, and is not retried elsewhere', async () => {
    const g = await gate();
    const other = await gate();
    const { client } = await bridge(['--server', g.url, '--server', other.url]);
    g.mode = { kind: 'status', status: 429, headers: { 'retry-after': '7' } };
    const before = other.seen.length;
    const error = await rpcError(client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND));
    expect(error.code).toBe(-32029);
    expect(error.message).toContain('retry in 7 second');
    expect((error.data as { retryAfter?: number }).retryAfter).toBe(7);
    expect(other.seen.length).toBe(before);
  });
});

describe('server failures and failover', { timeout: 90_000 }, () => {
  it('a 5xx from the only server is answered, naming the status', async () => {
    const g = await gate();
    const { client } = await bridge(['--server', g.url]);
    g.mode = { kind: 'status', status: 503, headers: { 'retry-after': '5' } };
    const error = await rpcError(client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND));
    expect(error.code).toBe(-32050);
    expect(error.message).toContain('HTTP 503');
  });

  it('a 5xx moves the request to the next server transparently (servers from RCAT_SERVERS)', async () => {
    const broken = await gate();
    const { client, stderrIncludes } = await bridge([], { RCAT_TOKEN: token, RCAT_SERVERS: `${broken.url}, ${server.url}` });
    broken.mode = { kind: 'status', status: 502 };
    const answer = (await client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND)) as CallToolResult;
    expect(answer.isError).toBeFalsy();
    await stderrIncludes(`Trying ${server.url}/mcp`); // bounded by the test timeout
  });

  it('a server that is not an rcat server (404, or an HTML page) is reported, not hung on', async () => {
    const g = await gate();
    const { client } = await bridge(['--server', g.url]);
    g.mode = { kind: 'status', status: 404, body: 'Not Found' };
    const missing = await rpcError(client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND));
    expect(missing.code).toBe(-32053);
    expect(missing.message).toContain('an rcat server');
    g.mode = { kind: 'status', status: 200, headers: { 'content-type': 'text/html' }, body: '<html>captive portal\u0007</html>' };
    const html = await rpcError(client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND));
    expect(html.code).toBe(-32052);
    expect(html.message).not.toContain('\u0007');
  });

  it('an unreachable server is named with the reason', async () => {
    const stopped = await startTestServer();
    const url = stopped.url;
    await stopped.stop();
    const { client, transport } = await bridge(['--server', url], { RCAT_TOKEN: token }, false);
    const error = await rpcError(client.connect(transport, BOUND));
    expect(error.code).toBe(-32051);
    expect(error.message).toContain(`Cannot reach ${url}/mcp`);
    expect(error.message).toContain('connection refused');
  });

  it('fails over between two real servers when one is stopped, each with its stored sign-in', async () => {
    const a = await startTestServer();
    const b = await startTestServer();
    servers.push(a, b);
    const own = cliHome();
    try {
      for (const s of [a, b]) {
        const t = await s.token(await s.addAccount());
        const login = await rcat(['login', '--server', s.url, '--with-token'], own.env, { input: `${t}\n` });
        expect(login.code, login.stderr).toBe(0);
      }
      const spawned = await spawnBridge(['--server', a.url, '--server', b.url], own.env);
      bridges.push(spawned);
      const first = (await spawned.client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND)) as CallToolResult;
      expect(first.isError).toBeFalsy();
      await a.stop();
      servers.splice(servers.indexOf(a), 1);
      const second = (await spawned.client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND)) as CallToolResult;
      expect(second.isError).toBeFalsy();
      const ids = (r: CallToolResult) => (r.structuredContent as { results: { id: string }[] }).results.map((x) => x.id);
      expect(ids(second)).toEqual(ids(first));
      await spawned.stderrIncludes(`now using ${b.url}/mcp`);
    } finally {
      own.cleanup();
    }
  });
});

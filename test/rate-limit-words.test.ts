// A refusal by the limits, as a person reads it: one sentence, the wait in human time and the UTC
// clock time it ends ("retry in 5 h 17 min (at 00:00 UTC)"), no doubled punctuation, and the same
// words from the one formatter (src/shared/rate-limit-text.ts) in the REST problem, the CLI
// (REST and tool commands), an MCP tool's error and the stdio bridge. The server's clock is fixed
// at 18:42:18 UTC, so its daily window ends in exactly 19,062 seconds.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { clockWords, limitName, rateLimitSentence, retryWhen, waitWords } from '../src/shared/rate-limit-text.js';
import { cliHome, type CliHome, rcat } from './cli-support.js';
import { callTool, catalogueFile, connectMcp, limitsFile, microscopes, textOf } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

const AT = new Date('2026-11-22T18:42:18.000Z');
const DAILY = "Rate limit reached (your account's daily limit); retry in 5 h 17 min (at 00:00 UTC).";

describe('the words (src/shared/rate-limit-text.ts)', () => {
  it('says a wait as a person does, and when it ends on the UTC clock', () => {
    expect(waitWords(42)).toBe('42 s');
    expect(waitWords(0.2)).toBe('1 s');
    expect(waitWords(90)).toBe('1 min 30 s');
    expect(waitWords(17 * 60 + 42)).toBe('17 min');
    expect(waitWords(19_062)).toBe('5 h 17 min');
    expect(waitWords(3 * 3600)).toBe('3 h');
    expect(waitWords(12 * 86_400 + 5 * 3600 + 59)).toBe('12 d 5 h');
    expect(retryWhen(42, AT)).toBe('in 42 s');
    expect(retryWhen(19_062, AT)).toBe('in 5 h 17 min (at 00:00 UTC)');
    // Rounded up to the minute: retrying at the time shown is never too early.
    expect(retryWhen(90, AT)).toBe('in 1 min 30 s (at 18:44 UTC)');
    expect(clockWords(new Date('2026-12-01T00:00:00Z'), AT)).toBe('00:00 UTC on 1 December');
    expect(clockWords(new Date('2027-01-01T00:00:00Z'), new Date('2026-12-20T10:00:00Z'))).toBe('00:00 UTC on 1 January 2027');
  });

  it('makes one sentence, naming the limit only when it knows it', () => {
    expect(limitName('account-day')).toBe("your account's daily limit");
    expect(limitName('company-minute')).toBe("your company's per-minute limit");
    expect(limitName('account-month')).toBe("your account's monthly limit");
    expect(limitName('anything else')).toBeUndefined();
    expect(rateLimitSentence({ limit: 'account-day', retryAfter: 19_062, now: AT })).toBe(DAILY);
    expect(rateLimitSentence({ what: 'for search', retryAfter: 42, now: AT })).toBe('Rate limit reached for search; retry in 42 s.');
    expect(rateLimitSentence({ what: 'for search', limit: '<script>' })).toBe('Rate limit reached for search; retry later.');
  });
});

describe('a daily limit reached, through every interface', { timeout: 90_000 }, () => {
  let server: TestServer;
  let token: string;
  let client: Client;
  let home: CliHome;
  let recordId: string;

  beforeAll(async () => {
    const dir = tempDir();
    const limits = limitsFile(dir, { preset: 'variant-b', standard: { perMinute: 1000, perDay: 3, perMonth: null }, company: { perMinute: 1000 } });
    server = await startTestServer({ limits, cataloguePath: catalogueFile(dir, microscopes(5)) }, { now: () => new Date(AT) });
    token = await server.token(await server.addAccount());
    client = await connectMcp(server.url, token);
    home = cliHome({ RCAT_TOKEN: token, RCAT_SERVER: server.url });
    // Three record reads of one unit each use up the day; then every read is refused.
    recordId = server.deps.services.catalogue.search('microscope').results[0]!.id;
    const read = () => fetch(`${server.url}/api/agent/catalog/record?id=${encodeURIComponent(recordId)}`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(429);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home?.cleanup();
  });

  it('REST: the problem says it in one sentence and names the window; Retry-After is the same wait', async () => {
    const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('19062');
    const problem = Problem.parse(await res.json());
    expect(problem).toMatchObject({ code: 'rate_limited', retryAfter: 19_062, limit: 'account-day', detail: DAILY });
  });

  it('the CLI: one sentence in human time, the clock time it ends, exit 6', async () => {
    const runs: [string[], string][] = [[['search', 'microscope'], 'search'], [['inquiry', recordId, '--question', 'Could we book it in March?'], 'the prepare_inquiry tool']];
    for (const [args, what] of runs) {
      const r = await rcat(args, home.env);
      expect(r.code, r.stderr).toBe(6);
      const first = r.stderr.split('\n')[0]!;
      // The wait comes from Retry-After; the clock time from this machine's clock.
      expect(first).toMatch(new RegExp(`^error: Rate limit reached for ${what} \\(your account's daily limit\\); retry in 5 h 17 min \\(at \\d\\d:\\d\\d UTC\\)\\.$`));
      expect(r.stderr).not.toMatch(/second\(s\)|\.\)\.|[Rr]etry[\s\S]*[Rr]etry in/);
    }
  });

  it('an MCP tool: the same sentence, then what is shared and that nothing was disclosed; _meta names the window', async () => {
    const refused = await callTool(client, 'search', { query: 'microscope' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(`${DAILY} Limits are shared by the REST API, the website and these tools; nothing was disclosed or saved by this call.`);
    expect(refused._meta?.['rcat/error']).toEqual({ code: 'rate_limited', retryAfter: 19_062, limit: 'account-day' });
  });

  it('the stdio bridge passes the tool error on as the server words it', async () => {
    const { Client: SdkClient } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const { RCAT_BIN } = await import('./cli-support.js');
    const host = new SdkClient({ name: 'rate-limit-host', version: '1' });
    const env = Object.fromEntries(Object.entries(home.env).filter(([, v]) => v !== undefined)) as Record<string, string>;
    await host.connect(new StdioClientTransport({ command: process.execPath, args: [RCAT_BIN, 'mcp'], env, stderr: 'ignore' }));
    try {
      const refused = await host.callTool({ name: 'search', arguments: { query: 'microscope' } });
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0]!.text.startsWith(DAILY)).toBe(true);
    } finally {
      await host.close();
    }
  });
});

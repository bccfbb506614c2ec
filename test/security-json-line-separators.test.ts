// No raw U+2028, U+2029 or C1 control character (U+0080–U+009F, NEL among them) in any JSON the
// service writes: REST search, record and problem answers, Express JSON routes, /mcp answers and
// the JSON-RPC lines `rcat mcp` writes to a desktop host. They are legal inside JSON strings, but
// line-oriented readers split messages at them. Escaped as \uXXXX, the values are unchanged.
// A real server on port 0 with a record whose text holds them; the bridge as a child process.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFile, GENEROUS_LIMITS, initializeMessage, limitsFile, rawMcp, toolCallMessage } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { assertBuilt, cliHome, RCAT_BIN } from './cli-support.js';

const RAW = /[\u0080-\u009f\u2028\u2029]/;
const TRICKY = 'line\u2028separator, paragraph\u2029separator, next line\u0085and a C1 CSI\u009b31m';
const RECORD = {
  sourceId: 'TEST:ls', source: 'TEST', kind: 'technique', label: 'separator spectroscopy',
  definition: `A technique whose text has ${TRICKY}.`, sourceUrls: ['https://example.org/ls'], updated: '2026-01-01',
};

let server: TestServer;
let token: string;

beforeAll(async () => {
  assertBuilt();
  const dir = tempDir();
  server = await startTestServer({ cataloguePath: catalogueFile(dir, [RECORD]), limits: limitsFile(dir, GENEROUS_LIMITS) });
  token = await server.token(await server.addAccount({ name: `Ada\u2028Lovelace\u0085` }));
});
afterAll(() => server.stop());

const get = (p: string, bearer = token) => fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${bearer}` } });

/** The raw body has none of the characters, and parses to what holds them. */
async function escaped(res: Response): Promise<unknown> {
  const text = await res.text();
  expect(text).not.toMatch(RAW);
  expect(Number(res.headers.get('content-length') ?? Buffer.byteLength(text))).toBe(Buffer.byteLength(text));
  return JSON.parse(text);
}

describe('JSON answers escape U+2028, U+2029 and C1 controls', { timeout: 60_000 }, () => {
  it('REST search and record read (the plain node:http path)', async () => {
    const search = (await escaped(await get('/api/agent/catalog/search?query=separator%20spectroscopy'))) as { results: { id: string }[] };
    const id = search.results[0]!.id;
    const record = (await escaped(await get(`/api/agent/catalog/record?id=${encodeURIComponent(id)}`))) as { text: string };
    expect(record.text).toContain(TRICKY);
  });

  it('an Express JSON route (whoami) with an account name that holds them', async () => {
    const who = (await escaped(await get('/api/agent/whoami'))) as { account: { name: string } };
    expect(who.account.name).toBe('Ada\u2028Lovelace\u0085');
  });

  it('/mcp: the fetch tool\'s answer', async () => {
    const search = (await (await get('/api/agent/catalog/search?query=separator%20spectroscopy')).json()) as { results: { id: string }[] };
    const res = await rawMcp(server.url, { token, body: toolCallMessage('fetch', { id: search.results[0]!.id }) });
    expect(res.status).toBe(200);
    const answer = (await escaped(res)) as { result: { structuredContent: { text: string } } };
    expect(answer.result.structuredContent.text).toContain(TRICKY);
  });

  it('rcat mcp: every line written to the host is one message without them', async () => {
    const search = (await (await get('/api/agent/catalog/search?query=separator%20spectroscopy')).json()) as { results: { id: string }[] };
    const home = cliHome({ RCAT_TOKEN: token });
    const child = spawn(process.execPath, [RCAT_BIN, 'mcp', '--server', server.url], { env: home.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        if (out.includes('"id":2')) resolve();
      });
    });
    child.stdin.write(`${JSON.stringify(initializeMessage(1))}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify(toolCallMessage('fetch', { id: search.results[0]!.id }, 2))}\n`);
    await answered;
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    home.cleanup();
    expect(out).not.toMatch(RAW);
    const lines = out.trimEnd().split('\n').map((l) => JSON.parse(l) as { id?: number; result?: { structuredContent?: { text: string } } });
    expect(lines.find((l) => l.id === 2)!.result!.structuredContent!.text).toContain(TRICKY);
  });
});

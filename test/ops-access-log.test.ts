// The access log of the operations layer (src/server/ops/access-log.ts, request-facts.ts) over
// real HTTP into a real file: one line per answer with the documented fields, request ids and
// client addresses from a proxy only when it is trusted, health checks left out unless asked.
// What the real server logs (no token, cookie, password, code or query): test/ops-server.test.ts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { noteAccount, noteRoute } from '../src/server/ops/request-facts.js';
import type { OperationsSettings } from '../src/server/ops/open-operations.js';
import { until } from './support/run-rcat-server.js';
import { scratchDirs } from './support/server.js';
import { startOpsServer, type OpsServer } from './support/ops-server.js';

const dirs = scratchDirs();
afterAll(() => dirs.cleanup());
let running: OpsServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

let hangArrived: () => void = () => {};

function application(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.url?.startsWith('/api/agent/catalog/search')) {
    noteRoute(req, '/api/agent/catalog/search');
    noteAccount(req, 'acc_0b7a6c1e-1111-4222-8333-944445555666');
    return void res.end('{"results":[]}');
  }
  if (req.url === '/boom') {
    res.statusCode = 503;
    return void res.end('{}');
  }
  if (req.url === '/hang') return hangArrived(); // answered never: the client gives up
  res.statusCode = 404;
  res.end('not found');
}

/** Starts the server logging to a new file; `lines()` reads the file once the server has stopped. */
async function logged(settings: Partial<OperationsSettings> = {}) {
  const file = path.join(dirs.dir(), 'access.log');
  running = await startOpsServer(application, { accessLog: file, logFormat: 'json', ...settings });
  const server = running;
  return {
    url: server.url,
    async lines(): Promise<Record<string, unknown>[]> {
      await server.stop();
      running = undefined;
      return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    async text(): Promise<string> {
      await server.stop();
      running = undefined;
      return readFileSync(file, 'utf8');
    },
  };
}

describe('access log', () => {
  it('writes one JSON line per answer with the documented fields', async () => {
    const log = await logged();
    const res = await fetch(`${log.url}/api/agent/catalog/search?query=private%20words`, { headers: { authorization: 'Bearer rcat_secret' } });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line, ...rest] = await log.lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      reqId: id,
      method: 'GET',
      route: '/api/agent/catalog/search',
      family: 'rest',
      status: 200,
      account: createHash('sha256').update('acc_0b7a6c1e-1111-4222-8333-944445555666').digest('hex').slice(0, 16),
      client: '127.0.0.1',
    });
    expect(typeof line!.time).toBe('number');
    expect(line!.durationMs).toBeGreaterThan(0);
    expect(line!.bytes).toBeGreaterThan('{"results":[]}'.length);
    const text = JSON.stringify(line);
    expect(text).not.toMatch(/private|words|rcat_secret|acc_0b7a/);
  });

  it('records an unknown path as no route, a 5xx at error level, and a client that gave up as 499', async () => {
    const log = await logged();
    await fetch(`${log.url}/some/unknown/path?x=1`);
    await fetch(`${log.url}/boom`);
    const controller = new AbortController();
    const arrived = new Promise<void>((resolve) => (hangArrived = resolve));
    const hanging = fetch(`${log.url}/hang`, { signal: controller.signal }).catch(() => 'aborted');
    await arrived;
    controller.abort();
    expect(await hanging).toBe('aborted');
    const lines = await log.lines();
    expect(lines.map((l) => [l.route, l.status, l.level, l.aborted])).toEqual([
      [null, 404, 30, undefined],
      [null, 503, 50, undefined],
      [null, 499, 30, true],
    ]);
    expect(JSON.stringify(lines)).not.toContain('unknown/path');
  });

  it('takes X-Request-Id and X-Forwarded-For from a trusted proxy only, and only sane values', async () => {
    const headers = { 'x-request-id': 'lb-7f3a:42', 'x-forwarded-for': '203.0.113.7, 10.0.0.2' };
    const untrusted = await logged();
    expect((await fetch(`${untrusted.url}/x`, { headers })).headers.get('x-request-id')).not.toBe('lb-7f3a:42');
    const [plain] = await untrusted.lines();
    expect(plain).toMatchObject({ client: '127.0.0.1' });
    expect(plain!.reqId).not.toBe('lb-7f3a:42');

    const trusted = await logged({ trustProxy: true });
    expect((await fetch(`${trusted.url}/x`, { headers })).headers.get('x-request-id')).toBe('lb-7f3a:42');
    await fetch(`${trusted.url}/x`, { headers: { 'x-request-id': 'two words; "quoted"', 'x-forwarded-for': 'not-an-address' } });
    await fetch(`${trusted.url}/x`, { headers: { 'x-request-id': 'a'.repeat(129) } });
    const [first, junk, long] = await trusted.lines();
    expect(first).toMatchObject({ reqId: 'lb-7f3a:42', client: '203.0.113.7' });
    expect(junk).toMatchObject({ client: '127.0.0.1' });
    expect(junk!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(long!.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves health checks out by default and logs them when asked', async () => {
    const quiet = await logged();
    await fetch(`${quiet.url}/healthz`);
    await fetch(`${quiet.url}/readyz`);
    await fetch(`${quiet.url}/x`);
    expect((await quiet.lines()).map((l) => l.route)).toEqual([null]);

    const chatty = await logged({ logHealthChecks: true });
    await fetch(`${chatty.url}/healthz`);
    await fetch(`${chatty.url}/readyz?probe=lb`);
    expect((await chatty.lines()).map((l) => [l.route, l.family, l.status])).toEqual([
      ['/healthz', 'ops', 200],
      ['/readyz', 'ops', 200],
    ]);
  });

  it('prints one readable line per answer in the text format', async () => {
    const log = await logged({ logFormat: 'text' });
    await fetch(`${log.url}/api/agent/catalog/search?query=private%20words`);
    const text = await log.text();
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/agent\/catalog\/search 200 [\d.]+ ms \d+ B client=127\.0\.0\.1 account=[0-9a-f]{16} id=[0-9a-f-]{36}\n$/);
    expect(text).not.toContain('private');
  });

  it('reopens its file by name after log rotation moved it away', async () => {
    const file = path.join(dirs.dir(), 'access.log');
    running = await startOpsServer(application, { accessLog: file, logFormat: 'json' });
    await fetch(`${running.url}/before`);
    // Give the periodic flush a chance: rotation tools move a file that has its lines.
    await until(() => (existsSync(file) && readFileSync(file, 'utf8').includes('"status":404') ? true : undefined), 'the first line');
    renameSync(file, `${file}.1`);
    running.opened.reopenLogs();
    await fetch(`${running.url}/after`);
    await running.stop();
    running = undefined;
    expect(readFileSync(`${file}.1`, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('refuses to start when the log file cannot be opened', async () => {
    await expect(startOpsServer(application, { accessLog: path.join(dirs.dir(), 'missing-folder', 'access.log') })).rejects.toThrow(/ENOENT/);
  });
});

// The graceful stop of `rcat-server start` (docs/operations.md "Stopping"), as a child process:
// requests in flight at SIGTERM get their answers and their debits survive the exit; readiness
// turns 503 first; the bound cuts off what does not finish; a second signal exits at once.
// A request is held "in flight" by sending its headers and only part of its body.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageReport } from '../src/shared/usage.js';
import { GENEROUS_LIMITS, limitsFile, PROTOCOL_VERSION, toolCallMessage } from './support/mcp-client.js';
import { runRcatServer, until } from './support/run-rcat-server.js';
import { seedDataDir, type SeededDir } from './support/seed-data-dir.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { scratchDirs } from './support/server.js';

const dirs = scratchDirs();
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) await p.kill();
  dirs.cleanup();
});

async function startServer(startArgs: string[]): Promise<{ seeded: SeededDir; server: ServerProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
  const dataDir = dirs.dir();
  const seeded = await seedDataDir(dataDir, { accounts: 1, records: 5 });
  const limits = limitsFile(dataDir, GENEROUS_LIMITS);
  const server = await startServerProcess(['--data-dir', dataDir], ['--catalogue', seeded.cataloguePath, '--limits', limits, '--metrics', ...startArgs], { RCAT_DATA_DIR: undefined, RCAT_DATABASE_URL: undefined });
  started.push(server);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) resolve({ code: server.child.exitCode, signal: server.child.signalCode });
    server.child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { seeded, server, exit };
}

interface Held {
  /** Sends the rest of the body; resolves with the answer, or rejects with the connection's error. */
  finish(): Promise<{ status: number; connection: string | undefined; body: string }>;
  answer: Promise<{ status: number; connection: string | undefined; body: string }>;
}

/** A POST /mcp tools/call (search) whose body is held back after its first bytes. */
function heldToolCall(url: string, token: string, id: number): Held {
  const body = JSON.stringify(toolCallMessage('search', { query: 'scanning electron microscope' }, id));
  const req = http.request(`${url}/mcp`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL_VERSION,
      authorization: `Bearer ${token}`,
      'content-length': Buffer.byteLength(body),
    },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  req.flushHeaders();
  req.write(body.slice(0, 10));
  return {
    answer,
    finish() {
      req.end(body.slice(10));
      return answer;
    },
  };
}

/** The server's count of requests received and not yet answered (the /metrics request itself is one). */
async function inFlight(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^rcat_http_requests_in_flight (\d+)$/m.exec(text)![1]) - 1;
}

async function refusesConnections(url: string): Promise<true | undefined> {
  try {
    await fetch(`${url}/healthz`);
    return undefined;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? true : undefined;
  }
}

async function monthUnits(dataDir: string, email: string): Promise<number> {
  const r = await runRcatServer(['--data-dir', dataDir, 'usage', '--email', email, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return UsageReport.parse(JSON.parse(r.stdout)).account.windows.month.used;
}

describe('rcat-server start: signals', { timeout: 120_000 }, () => {
  it('answers the requests in flight at SIGTERM, exits 0, releases the data dir, and their debits survive', async () => {
    const { seeded, server, exit } = await startServer([]);
    const { token, email } = seeded.accounts[0]!;
    // One complete call first: what a search costs in units.
    const first = heldToolCall(server.url, token, 1);
    expect((await first.finish()).status).toBe(200);
    const perCall = await monthUnits(seeded.dataDir, email);
    expect(perCall).toBeGreaterThan(0);

    const held = [2, 3, 4, 5].map((id) => heldToolCall(server.url, token, id));
    await until(async () => ((await inFlight(server.url)) >= held.length ? true : undefined), 'the held requests to reach the server');
    server.child.kill('SIGTERM');
    await until(() => refusesConnections(server.url), 'the listener to close');
    const answers = await Promise.all(held.map((h) => h.finish()));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
      expect(answer.body).toContain('scanning electron microscope');
    }
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toMatch(/SIGTERM: stopping; requests in flight get up to 10 s…\nStopped\.\n/);
    expect(existsSync(path.join(seeded.dataDir, 'server.lock'))).toBe(false);
    // Read from the usage journal the server left: every answered call is counted.
    expect(await monthUnits(seeded.dataDir, email)).toBe(perCall * (1 + held.length));
  });

  it('--shutdown-delay: /readyz answers 503 at once while requests are still served, then the server stops', async () => {
    const { seeded, server, exit } = await startServer(['--shutdown-delay', '5']);
    const auth = { authorization: `Bearer ${seeded.accounts[0]!.token}` };
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    const ready = await until(async () => {
      const res = await fetch(`${server.url}/readyz`);
      return res.status === 503 ? res : undefined;
    }, '/readyz to turn 503');
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const search = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: auth });
    expect(search.status).toBe(200);
    expect(search.headers.get('connection')).toBe('close');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain('SIGTERM: stopping in 5 s (readiness answers 503 now)');
  });

  it('--shutdown-timeout: a request that does not finish in time is cut off, and the server still exits 0', async () => {
    const { seeded, server, exit } = await startServer(['--shutdown-timeout', '1']);
    const stuck = heldToolCall(server.url, seeded.accounts[0]!.token, 9);
    await until(async () => ((await inFlight(server.url)) >= 1 ? true : undefined), 'the held request to reach the server');
    server.child.kill('SIGTERM');
    await expect(stuck.answer).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain('1 request(s) did not finish within 1 s and were cut off.');
    expect(existsSync(path.join(seeded.dataDir, 'server.lock'))).toBe(false);
  });

  it('SIGHUP reopens the access-log file after rotation; the server keeps serving', async () => {
    const log = path.join(dirs.dir(), 'access.log');
    const { server, exit } = await startServer(['--access-log', log]);
    expect((await fetch(`${server.url}/en/guides`)).status).toBe(200);
    await until(() => (existsSync(log) && readFileSync(log, 'utf8').includes('/en/guides') ? true : undefined), 'the first line');
    renameSync(log, `${log}.1`);
    server.child.kill('SIGHUP');
    await until(() => (existsSync(log) ? true : undefined), 'the reopened file');
    // Sent after the reopen: its line goes to the new file.
    expect((await fetch(`${server.url}/en/sign-in`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(readFileSync(`${log}.1`, 'utf8')).toContain('"route":"/en/guides"');
    expect(readFileSync(log, 'utf8')).toContain('"route":"/en/sign-in"');
  });

  it('a second signal exits at once, without waiting for the requests in flight', async () => {
    const { seeded, server, exit } = await startServer(['--shutdown-timeout', '600']);
    const stuck = heldToolCall(server.url, seeded.accounts[0]!.token, 9);
    await until(async () => ((await inFlight(server.url)) >= 1 ? true : undefined), 'the held request to reach the server');
    server.child.kill('SIGTERM');
    await until(() => refusesConnections(server.url), 'the listener to close');
    server.child.kill('SIGINT');
    expect(await exit).toEqual({ code: 130, signal: null });
    expect(server.stderr()).toContain('SIGINT again: exiting now.');
    await expect(stuck.answer).rejects.toBeDefined();
  });
});

// Issue 8, durability over HTTP: a write through a real write path (save_to_shortlist over /mcp,
// token creation on the agent-connections page) that cannot be made — the data dir's disk is
// full, or the data dir is read-only — is refused as unavailable (page: 503 with Retry-After;
// /mcp: an isError result with code `unavailable` and retryAfter, docs/mcp.md), changes nothing in
// state.json, leaves no temporary file, and the same write succeeds once the disk has room.
// test/store-json-durability.test.ts covers the store itself; this is the HTTP-level version.
//
// Disk full is a real 2 MiB tmpfs mounted for the test (needs root, as in CI's container). Where
// mounting is not permitted the test says so and uses a read-only data dir instead, which fails
// the same write path (the temporary file cannot be created) for a different errno.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GENEROUS_LIMITS, limitsFile, rawMcp, toolCallMessage } from './support/mcp-client.js';
import { seedDataDir } from './support/seed-data-dir.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tryMountTmpfs(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    cleanups.push(() => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }));
    return true;
  } catch {
    return false;
  }
}

// Root ignores permission bits, so a read-only folder is made with the immutable attribute.
function setReadOnly(dir: string, readOnly: boolean) {
  if (process.getuid?.() === 0) execFileSync('chattr', [readOnly ? '+i' : '-i', dir]);
  else execFileSync('chmod', [readOnly ? '0555' : '0755', dir]);
}

async function setUp(dataDir: string) {
  // Enough accounts that state.json is larger than the room left on the full disk.
  const seeded = await seedDataDir(dataDir, { accounts: 25, records: 5 });
  const server: TestServer = await startTestServer({ dataDir, cataloguePath: seeded.cataloguePath, limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  cleanups.push(() => server.stop());
  const account = seeded.accounts[0]!;
  const web = new WebClient(server.url);
  expect((await web.signIn(account.email, account.password)).status).toBe(303);
  const save = (entityId: string) =>
    rawMcp(server.url, { token: account.token, body: toolCallMessage('save_to_shortlist', { collectionId: account.collectionId, entityId }) });
  const createToken = async (label: string) => {
    const page = await web.get('/en/account/agent-connections');
    return web.post('/en/account/agent-connections', { csrf: csrfFrom(page.text), label, scope: 'catalog:read' });
  };
  // One successful write of each kind first, so the journal and the state file exist.
  expect((await save(seeded.entityIds[0]!)).status).toBe(200);
  expect((await createToken('before')).status).toBe(201);
  return { seeded, server, save, createToken };
}

async function expectRefusedWithoutChange(dataDir: string, env: Awaited<ReturnType<typeof setUp>>) {
  const stateFile = path.join(dataDir, 'state.json');
  const before = readFileSync(stateFile, 'utf8');
  const filesBefore = readdirSync(dataDir).sort();

  // docs/mcp.md: a store outage inside a tool call is an isError result with code
  // `unavailable` and retryAfter (the JSON-RPC exchange itself succeeded).
  const saved = await env.save(env.seeded.entityIds[1]!);
  const body = await saved.text();
  expect(saved.status).toBe(200);
  const result = JSON.parse(body).result;
  expect(result.isError).toBe(true);
  expect(result._meta['rcat/error']).toMatchObject({ code: 'unavailable', retryAfter: expect.any(Number) });
  expect(body).not.toMatch(/ENOSPC|EACCES|EPERM|state\.json|\n\s+at /);

  const created = await env.createToken('during');
  expect(created.status).toBe(503);
  expect(Number(created.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(created.text).not.toMatch(/rcat_at_|ENOSPC|EACCES|EPERM|\n\s+at /);

  expect(readFileSync(stateFile, 'utf8')).toBe(before);
  expect(readdirSync(dataDir).sort()).toEqual(filesBefore);
}

describe('a write that cannot be made, over HTTP', () => {
  it('disk full: unavailable, state.json unchanged, no temporary file; the write succeeds once there is room', async () => {
    const dataDir = tempDir('rcat-diskfull-');
    const mounted = tryMountTmpfs(dataDir);
    if (!mounted) process.stderr.write('durability-disk: cannot mount a tmpfs here; testing a read-only data dir instead\n');
    const env = await setUp(dataDir);
    const filler = path.join(dataDir, 'filler.bin');
    if (mounted) {
      // Leave one page: enough for a journal line, not for a new copy of state.json.
      const { bavail, bsize } = statfsSync(dataDir);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 4096)));
      expect(readFileSync(path.join(dataDir, 'state.json')).length).toBeGreaterThan(4096);
    } else setReadOnly(dataDir, true);
    try {
      await expectRefusedWithoutChange(dataDir, env);
    } finally {
      if (mounted) rmSync(filler);
      else setReadOnly(dataDir, false);
    }
    expect((await env.save(env.seeded.entityIds[1]!)).status).toBe(200);
    expect((await env.createToken('after')).status).toBe(201);
  }, 60_000);

  it('read-only data dir: unavailable, state.json unchanged, no temporary file; works again when writable', async () => {
    const dataDir = path.join(tempDir('rcat-readonly-'), 'data');
    mkdirSync(dataDir);
    const env = await setUp(dataDir);
    setReadOnly(dataDir, true);
    try {
      await expectRefusedWithoutChange(dataDir, env);
    } finally {
      setReadOnly(dataDir, false);
    }
    expect((await env.save(env.seeded.entityIds[1]!)).status).toBe(200);
    expect((await env.createToken('after')).status).toBe(201);
  }, 60_000);
});

// bin/rcat-server.js holds V8's young generation at its starting size (--semi-space-growth-factor=1,
// set before anything is allocated): a server that has read the shipped catalogue keeps 14–20 MB
// less resident (docs/benchmarks.md, memory). An operator's own young-generation flag wins. Read
// through the real process's Prometheus metrics (prom-client's heap space sizes).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './support/server-process.js';

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** The young generation's size after start (the shipped catalogue read) and some requests. */
async function newSpaceBytes(env: NodeJS.ProcessEnv): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-young-'));
  const server = await startServerProcess(['--data-dir', path.join(dir, 'data')], ['--metrics', '--access-log', 'off'], env);
  running.push(server);
  for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/en/guides`)).arrayBuffer();
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const m = /nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/.exec(text);
  expect(m, text.slice(0, 500)).not.toBeNull();
  return Number(m![1]);
}

describe('the server process young generation', { timeout: 120_000 }, () => {
  it('stays at its starting size (a few MB) after the shipped catalogue is read', async () => {
    expect(await newSpaceBytes({ NODE_OPTIONS: '' })).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it("grows as Node's default would when the operator sets a young-generation flag", async () => {
    expect(await newSpaceBytes({ NODE_OPTIONS: '--max-semi-space-size=16' })).toBeGreaterThan(8 * 1024 * 1024);
  });
});

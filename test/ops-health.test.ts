// GET /healthz and /readyz as the operations layer serves them (src/server/ops/health.ts,
// server-operations.ts), over real HTTP, with readiness checks the test controls. The same
// endpoints on the real server (never charged, real stores): test/ops-server.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { HealthState, READINESS_REUSE_MS } from '../src/server/ops/health.js';
import { until } from './support/run-rcat-server.js';
import { startOpsServer, type OpsServer } from './support/ops-server.js';

let running: OpsServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const app = (_req: unknown, res: import('node:http').ServerResponse) => res.end('application');

describe('/healthz', () => {
  it('answers 200 with a short JSON body, for GET and HEAD, whatever the query string', async () => {
    running = await startOpsServer(app);
    for (const path of ['/healthz', '/healthz?verbose=1']) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'ok' });
    }
    const head = await fetch(`${running.url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses other methods with 405 and Allow', async () => {
    running = await startOpsServer(app);
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${running.url}${path}`, { method: 'POST', body: 'x' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('leaves every other path to the application, /metrics included when metrics are off', async () => {
    running = await startOpsServer(app);
    for (const path of ['/healthzz', '/ready', '/metrics', '/healthz/x', '/']) {
      expect(await (await fetch(`${running.url}${path}`)).text()).toBe('application');
    }
  });
});

describe('/readyz', () => {
  it('answers 200 when the store and the limiter answer', async () => {
    running = await startOpsServer(app);
    const res = await fetch(`${running.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with a short reason and no detail of the failure; the server log has the detail', async () => {
    const secret = 'connect ECONNREFUSED db.internal:5432 password=hunter2';
    running = await startOpsServer(app, {}, { store: async () => Promise.reject(new Error(secret)), limiter: async () => {} });
    const res = await fetch(`${running.url}/readyz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: 'not ready', reason: 'store unavailable' });
    expect(text).not.toMatch(/hunter2|db\.internal|5432/);
    expect(running.logLines.join('\n')).toContain('readiness: not ready (store unavailable: connect ECONNREFUSED');
    // Liveness is not readiness: the process still answers.
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
  });

  it('answers 503 "limiter unavailable" when the limiter cannot debit', async () => {
    running = await startOpsServer(app, {}, { store: async () => {}, limiter: async () => Promise.reject(new Error('usage journal: EROFS')) });
    const res = await fetch(`${running.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', reason: 'limiter unavailable' });
  });

  it('turns 503 "shutting down" when a stop begins, while /healthz stays 200 and answers close their connections', async () => {
    running = await startOpsServer(app);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    running.opened.operations.beginShutdown();
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    // Still serving until the listener is drained.
    expect(await (await fetch(`${running.url}/anything`)).text()).toBe('application');
  });

  it('a flood of /readyz runs one check, not one per request', async () => {
    let checks = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    running = await startOpsServer(app, {}, { store: async () => { checks++; await held; }, limiter: async () => {} });
    const answers = Promise.all(Array.from({ length: 50 }, () => fetch(`${running!.url}/readyz`).then((r) => r.status)));
    // Every request waits on the one check, which answers only once all fifty have arrived.
    await until(() => (running!.opened.operations.requestsInFlight >= 50 ? true : undefined), 'fifty requests in flight');
    release();
    expect((await answers).every((s) => s === 200)).toBe(true);
    expect(checks).toBe(1);
  });
});

describe('HealthState', () => {
  it('reuses a result for a second, then checks again, and logs each change once', async () => {
    let storeUp = true;
    let checks = 0;
    const changes: string[] = [];
    const health = new HealthState(
      { store: async () => { checks++; if (!storeUp) throw new Error('down'); }, limiter: async () => {} },
      (r) => changes.push(r.ready ? 'ready' : r.reason!),
    );
    const t0 = 1_000_000;
    expect(await health.readiness(t0)).toEqual({ ready: true });
    storeUp = false;
    expect(await health.readiness(t0 + READINESS_REUSE_MS - 1)).toEqual({ ready: true });
    expect(checks).toBe(1);
    expect(await health.readiness(t0 + READINESS_REUSE_MS)).toEqual({ ready: false, reason: 'store unavailable' });
    expect(await health.readiness(t0 + 3 * READINESS_REUSE_MS)).toEqual({ ready: false, reason: 'store unavailable' });
    storeUp = true;
    expect(await health.readiness(t0 + 5 * READINESS_REUSE_MS)).toEqual({ ready: true });
    expect(checks).toBe(4);
    expect(changes).toEqual(['store unavailable', 'ready']);
  });

  it('counts a check that does not answer in time as failed', async () => {
    const health = new HealthState({ store: () => new Promise(() => {}), limiter: async () => {} }, () => {}, 50);
    expect(await health.readiness()).toEqual({ ready: false, reason: 'store unavailable' });
  });

  it('says "shutting down" from the moment a stop begins, even over a check already running', async () => {
    let release!: () => void;
    const health = new HealthState({ store: () => new Promise<void>((r) => (release = r)), limiter: async () => {} });
    const pending = health.readiness();
    health.beginShutdown();
    release();
    expect(await pending).toEqual({ ready: false, reason: 'shutting down' });
    expect(await health.readiness()).toEqual({ ready: false, reason: 'shutting down' });
  });
});

// The graceful stop of the operations layer (src/server/ops/server-operations.ts#drain) over real
// HTTP: requests in flight finish, new connections are refused, answers close their
// connections, and the bound cuts off what does not finish. The whole server under SIGTERM,
// with its debits: test/ops-shutdown.test.ts.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { rawGet, startOpsServer, type OpsServer } from './support/ops-server.js';

let running: OpsServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** An application whose /slow answers wait until the test releases them. */
function heldApplication() {
  const waiting: (() => void)[] = [];
  let arrived: () => void = () => {};
  return {
    listener: (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url !== '/slow') return void res.end('quick');
      waiting.push(() => res.end('slow answer'));
      arrived();
    },
    /** Resolves once `count` /slow requests are being held. */
    held(count: number) {
      return new Promise<void>((resolve) => {
        const check = () => (waiting.length >= count ? resolve() : (arrived = check));
        check();
      });
    },
    release: () => waiting.splice(0).forEach((answer) => answer()),
  };
}

describe('drain', () => {
  it('lets requests in flight finish with Connection: close, and refuses new connections', async () => {
    const app = heldApplication();
    running = await startOpsServer(app.listener);
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = [rawGet(`${running.url}/slow`, agent), rawGet(`${running.url}/slow`, agent)];
    await app.held(2);
    const drained = running.opened.operations.drain({ delayMs: 0, timeoutMs: 30_000 });
    // The listener is closed at once: a new connection is refused.
    await expect(rawGet(`${running.url}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    app.release();
    for (const answer of await Promise.all(inFlight)) {
      expect(answer).toMatchObject({ status: 200, body: 'slow answer' });
      expect(answer.headers.connection).toBe('close');
    }
    expect(await drained).toEqual({ cutOff: 0 });
    expect(running.server.listening).toBe(false);
    agent.destroy();
  });

  it('keeps serving, with readiness 503, for the delay before it stops listening', async () => {
    const app = heldApplication();
    running = await startOpsServer(app.listener);
    // The delay is waited out by a wait this test ends once it has seen the server through it.
    const delays: number[] = [];
    let endDelay = () => {};
    const wait = (ms: number) => {
      delays.push(ms);
      return new Promise<void>((resolve) => (endDelay = resolve));
    };
    const drained = running.opened.operations.drain({ delayMs: 4_000, timeoutMs: 30_000, wait });
    expect(delays).toEqual([4_000]);
    const ready = await rawGet(`${running.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', reason: 'shutting down' });
    const answer = await rawGet(`${running.url}/other`);
    expect(answer).toMatchObject({ status: 200, body: 'quick' });
    expect(answer.headers.connection).toBe('close');
    expect(running.server.listening).toBe(true);
    endDelay();
    expect(await drained).toEqual({ cutOff: 0 });
    await expect(rawGet(`${running.url}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('cuts off a request that outlasts the bound, and says how many it cut off', async () => {
    const app = heldApplication();
    running = await startOpsServer(app.listener);
    const stuck = rawGet(`${running.url}/slow`);
    await app.held(1);
    expect(await running.opened.operations.drain({ delayMs: 0, timeoutMs: 200 })).toEqual({ cutOff: 1 });
    await expect(stuck).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('closes idle keep-alive connections instead of waiting for them to time out', async () => {
    running = await startOpsServer((_req, res) => res.end('ok'));
    const agent = new http.Agent({ keepAlive: true });
    await rawGet(`${running.url}/a`, agent);
    const socket = Object.values(agent.freeSockets).flat()[0]!;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(await running.opened.operations.drain({ delayMs: 0, timeoutMs: 30_000 })).toEqual({ cutOff: 0 });
    await closed;
    agent.destroy();
  });
});

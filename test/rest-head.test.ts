// HEAD on the REST read routes is GET without the body, by decision (docs/api.md, "HEAD"): the
// same status and headers — Content-Length included, which tells how much a GET would disclose —
// and the same charge to the limits ledger, because it does the same work and answers the same
// question (does it exist, how large is it). A free HEAD would be an unmetered oracle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LimitsServer, startLimitsServer } from './limits-helpers.js';

let server: LimitsServer;

beforeAll(async () => {
  server = await startLimitsServer();
});
afterAll(() => server.stop());

const send = (method: 'GET' | 'HEAD', path: string, token: string) => fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

/** What one request cost an account of its own: requests this minute, units today. */
async function costOf(method: 'GET' | 'HEAD', path: string) {
  const token = await server.token(await server.addAccount());
  const res = await send(method, path, token);
  const body = await res.text();
  const usage = await server.usage(token);
  return { res, body, requests: usage.account.windows.minute.used, units: usage.account.windows.day.used };
}

const SAME_HEADERS = ['content-type', 'content-length', 'cache-control', 'ratelimit-policy'];

describe('HEAD on the REST read routes', () => {
  it.each([
    ['a search', '/api/agent/catalog/search?query=microscope'],
    ['a search with no match', '/api/agent/catalog/search?query=zzqxjvw'],
    ['a record', () => `/api/agent/catalog/record?id=${encodeURIComponent(server.recordId)}`],
    ['a record that does not exist', '/api/agent/catalog/record?id=equipment:00000000-0000-4000-8000-000000000000'],
  ] as const)('%s: HEAD answers what GET answers, without the body, and costs the same', async (_what, target) => {
    const path = typeof target === 'function' ? target() : target;
    const get = await costOf('GET', path);
    const head = await costOf('HEAD', path);
    expect(head.res.status).toBe(get.res.status);
    expect(head.body).toBe('');
    for (const name of SAME_HEADERS) expect(head.res.headers.get(name), name).toBe(get.res.headers.get(name));
    expect(head.requests).toBe(1);
    expect(head.requests).toBe(get.requests);
    expect(head.units).toBe(get.units);
    if (get.res.status === 200) expect(Number(head.res.headers.get('content-length'))).toBe(Buffer.byteLength(get.body));
  });

  it('a refused HEAD is refused like a GET: no token 401, a bad query 400, both free', async () => {
    const token = await server.token(await server.addAccount());
    const bad = await send('HEAD', '/api/agent/catalog/search?query=x', token);
    expect(bad.status).toBe(400);
    expect((await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { method: 'HEAD' })).status).toBe(401);
    expect((await server.usage(token)).account.windows.minute.used).toBe(0);
  });
});

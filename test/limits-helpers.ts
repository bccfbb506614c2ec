// Helpers shared by the limits tests: a controllable clock, a real server on port 0 that uses
// it, and small request helpers. No sleeps: time moves only when a test moves it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Problem } from '../src/shared/problem.js';
import { UsageReport } from '../src/shared/usage.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

export class TestClock {
  private t: number;
  constructor(iso: string) {
    this.t = Date.parse(iso);
  }
  set(iso: string): void {
    this.t = Date.parse(iso);
  }
  readonly now = (): Date => new Date(this.t);
}

export interface LimitsServer extends TestServer {
  clock: TestClock;
  /** Any record id of the shipped catalogue (costs 1 unit to read: small records). */
  recordId: string;
  read(token: string, id?: string): Promise<Response>;
  search(token: string, query: string): Promise<Response>;
  usage(token: string): Promise<UsageReport>;
}

export async function startLimitsServer(
  options: { at?: string; limits?: string | object; dataDir?: string; clock?: TestClock } = {},
): Promise<LimitsServer> {
  const clock = options.clock ?? new TestClock(options.at ?? '2026-11-22T10:00:00.000Z');
  let limits: string | undefined;
  if (typeof options.limits === 'object') {
    limits = path.join(tempDir('rcat-limits-config-'), 'limits.json');
    writeFileSync(limits, JSON.stringify(options.limits));
  } else limits = options.limits;
  const server = await startTestServer({ ...(limits ? { limits } : {}), ...(options.dataDir ? { dataDir: options.dataDir } : {}) }, { now: clock.now });
  const recordId = server.deps.services.catalogue.search('microscope').results[0]!.id;
  const get = (p: string, token: string | null) => fetch(`${server.url}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    ...server,
    clock,
    recordId,
    read: (token, id = recordId) => get(`/api/agent/catalog/record?id=${encodeURIComponent(id)}`, token),
    search: (token, query) => get(`/api/agent/catalog/search?query=${encodeURIComponent(query)}`, token),
    async usage(token) {
      const res = await get('/api/agent/usage', token);
      if (res.status !== 200) throw new Error(`usage: HTTP ${res.status} ${await res.text()}`);
      return UsageReport.parse(await res.json());
    },
  };
}

/** Sends `n` requests one after another and returns their statuses (bodies consumed). */
export async function statuses(n: number, send: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await send();
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

export async function expect429(res: Response): Promise<{ retryAfter: number; detail: string }> {
  if (res.status !== 429) throw new Error(`expected 429, got ${res.status}: ${await res.text()}`);
  const header = res.headers.get('retry-after');
  if (!header || !/^\d+$/.test(header)) throw new Error(`Retry-After must be an integer of seconds, got ${header}`);
  const body = Problem.parse(await res.json());
  if (body.code !== 'rate_limited' || body.retryAfter !== Number(header)) throw new Error(`unexpected 429 body ${JSON.stringify(body)}`);
  return { retryAfter: Number(header), detail: body.detail ?? '' };
}

// Per-minute pacing (spec 8.6) through the real REST API on port 0 with a controlled clock:
// the 30/60/120 boundaries, Retry-After at the window edges, exactness under concurrency,
// one ledger for every token of an account, and requests that fail costing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect429, type LimitsServer, startLimitsServer, statuses } from './limits-helpers.js';

let server: LimitsServer;
let companySeq = 0;
const uniqueCompany = (name: string) => `${name} ${++companySeq}-${process.pid}`;

beforeAll(async () => {
  server = await startLimitsServer();
}, 120_000);
afterAll(() => server.stop());

const allOk = (list: number[]) => list.every((s) => s === 200);

describe('per-minute pacing', { timeout: 120_000 }, () => {
  it('standard: 30 requests pass, the 31st gets 429 with Retry-After to the end of the minute', async () => {
    server.clock.set('2026-11-22T10:00:15.000Z');
    const account = await server.addAccount();
    const token = await server.token(account);
    expect(allOk(await statuses(30, () => server.read(token)))).toBe(true);
    const blocked = await expect429(await server.read(token));
    expect(blocked.retryAfter).toBe(45);
    expect(blocked.detail).toMatch(/your account's per-minute limit/);
    server.clock.set('2026-11-22T10:01:00.000Z');
    expect((await server.read(token)).status).toBe(200);
  });

  it('paid with a verified date not passed: 60 pass, the 61st is refused', async () => {
    server.clock.set('2026-11-22T11:00:00.000Z');
    const account = await server.addAccount({ plan: 'paid', paidUntil: '2026-12-31' });
    const token = await server.token(account);
    expect(allOk(await statuses(60, () => server.read(token)))).toBe(true);
    expect((await expect429(await server.read(token))).retryAfter).toBe(60);
    expect((await server.usage(token)).account.tier).toBe('paid');
  });

  it('an expired paid plan is standard again: 30 per minute', async () => {
    server.clock.set('2026-11-22T12:00:00.000Z');
    const account = await server.addAccount({ plan: 'paid', paidUntil: '2026-11-21' });
    const token = await server.token(account);
    expect((await server.usage(token)).account.tier).toBe('standard');
    expect(allOk(await statuses(30, () => server.read(token)))).toBe(true);
    await expect429(await server.read(token));
  });

  it('paidUntil is inclusive to the end of that UTC day, and standard from the next midnight', async () => {
    const account = await server.addAccount({ plan: 'paid', paidUntil: '2026-11-22' });
    server.clock.set('2026-11-22T23:59:00.000Z');
    const token = await server.token(account);
    expect(allOk(await statuses(60, () => server.read(token)))).toBe(true);
    await expect429(await server.read(token));
    server.clock.set('2026-11-23T00:00:00.000Z');
    expect((await server.usage(token)).account.tier).toBe('standard');
    expect(allOk(await statuses(30, () => server.read(token)))).toBe(true);
    await expect429(await server.read(token));
  });

  it('every token of an account draws on one budget', async () => {
    server.clock.set('2026-11-22T13:00:00.000Z');
    const account = await server.addAccount();
    const tokens = [await server.token(account), await server.token(account), await server.token(account, ['catalog:read'])];
    for (const token of tokens) expect(allOk(await statuses(10, () => server.read(token)))).toBe(true);
    for (const token of tokens) await expect429(await server.read(token));
  });
});

describe('company ceiling', { timeout: 120_000 }, () => {
  it('120 per minute across five accounts of one company (names compared case-insensitively, trimmed)', async () => {
    server.clock.set('2026-11-22T14:00:30.000Z');
    const company = uniqueCompany('Acme Labs');
    const spellings = [company, ` ${company.toUpperCase()} `, company.toLowerCase(), `${company}  `, company];
    const tokens: string[] = [];
    for (const spelling of spellings) tokens.push(await server.token(await server.addAccount({ plan: 'paid', paidUntil: '2027-01-01', company: spelling })));
    for (const token of tokens) expect(allOk(await statuses(24, () => server.read(token)))).toBe(true);
    const blocked = await expect429(await server.read(tokens[0]!));
    expect(blocked.detail).toMatch(/your company's per-minute limit/);
    expect(blocked.retryAfter).toBe(30);
    // The refused request did not debit the account: it is at 24 of its own 60.
    const usage = await server.usage(tokens[0]!);
    expect(usage.account.windows.minute.used).toBe(24);
    expect(usage.company?.windows.minute).toMatchObject({ used: 120, limit: 120, remaining: 0 });
    // Another company is not affected.
    const other = await server.token(await server.addAccount({ company: uniqueCompany('Other') }));
    expect((await server.read(other)).status).toBe(200);
  });

  it('a request refused by the account ceiling does not debit the company', async () => {
    server.clock.set('2026-11-22T15:00:00.000Z');
    const company = uniqueCompany('Beta');
    const token = await server.token(await server.addAccount({ company }));
    expect(allOk(await statuses(30, () => server.read(token)))).toBe(true);
    for (let i = 0; i < 5; i++) await expect429(await server.read(token));
    const usage = await server.usage(token);
    expect(usage.company?.windows.minute.used).toBe(30);
    expect(usage.account.windows.day.used).toBe(30);
  });
});

describe('company names', { timeout: 120_000 }, () => {
  it('a very long company name is still one shared ledger', async () => {
    server.clock.set('2026-11-22T15:30:00.000Z');
    const long = `${uniqueCompany('Omega')} ${'Research Instruments '.repeat(20)}`;
    const a = await server.token(await server.addAccount({ company: long }));
    const b = await server.token(await server.addAccount({ company: long.toUpperCase() }));
    expect(allOk(await statuses(3, () => server.read(a)))).toBe(true);
    expect(allOk(await statuses(2, () => server.read(b)))).toBe(true);
    expect((await server.usage(b)).company?.windows.minute.used).toBe(5);
  });
});

describe('Retry-After at the edges of the minute', { timeout: 120_000 }, () => {
  it('is 60 at the first instant of a minute and 1 in its last millisecond, then the next minute is open', async () => {
    const token = await server.token(await server.addAccount());
    server.clock.set('2026-11-22T16:00:00.000Z');
    expect(allOk(await statuses(30, () => server.read(token)))).toBe(true);
    expect((await expect429(await server.read(token))).retryAfter).toBe(60);
    server.clock.set('2026-11-22T16:00:59.000Z');
    expect((await expect429(await server.read(token))).retryAfter).toBe(1);
    server.clock.set('2026-11-22T16:00:59.999Z');
    expect((await expect429(await server.read(token))).retryAfter).toBe(1);
    server.clock.set('2026-11-22T16:00:58.001Z');
    expect((await expect429(await server.read(token))).retryAfter).toBe(2);
    server.clock.set('2026-11-22T16:01:00.000Z');
    expect((await server.read(token)).status).toBe(200);
  });
});

describe('exactness under concurrency', { timeout: 120_000 }, () => {
  it('100 simultaneous requests against a budget of 30 let exactly 30 through', async () => {
    server.clock.set('2026-11-22T17:00:00.000Z');
    const account = await server.addAccount();
    const tokens = [await server.token(account), await server.token(account)];
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => server.read(tokens[i % 2]!)));
    const codes = await Promise.all(responses.map(async (r) => (await r.arrayBuffer(), r.status)));
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(70);
    expect((await server.usage(tokens[0]!)).account.windows.minute.used).toBe(30);
  });

  it('180 simultaneous requests from three accounts of one company against its 120 let exactly 120 through', async () => {
    server.clock.set('2026-11-22T17:30:00.000Z');
    const company = uniqueCompany('Gamma');
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(await server.token(await server.addAccount({ plan: 'paid', paidUntil: '2027-01-01', company })));
    const responses = await Promise.all(Array.from({ length: 180 }, (_, i) => server.read(tokens[i % 3]!)));
    const codes = await Promise.all(responses.map(async (r) => (await r.arrayBuffer(), r.status)));
    expect(codes.filter((c) => c === 200)).toHaveLength(120);
    expect((await server.usage(tokens[0]!)).company?.windows.minute.used).toBe(120);
  });
});

describe('requests that fail cost nothing', { timeout: 120_000 }, () => {
  it('invalid tokens, malformed headers, validation errors and missing scopes never touch a budget', async () => {
    server.clock.set('2026-11-22T18:00:00.000Z');
    const company = uniqueCompany('Delta');
    const account = await server.addAccount({ company });
    const token = await server.token(account);
    const noScope = await server.token(account, ['projects:read']);
    const url = (p: string) => `${server.url}${p}`;
    const attempts: [string, Record<string, string>][] = [];
    for (let i = 0; i < 10; i++) {
      attempts.push([`/api/agent/catalog/record?id=${encodeURIComponent(server.recordId)}`, {}]);
      attempts.push([`/api/agent/catalog/record?id=${encodeURIComponent(server.recordId)}`, { authorization: `Bearer ${token}x` }]);
      attempts.push([`/api/agent/catalog/search?query=microscope`, { authorization: `Basic ${token}` }]);
      attempts.push([`/api/agent/catalog/search?query=m`, { authorization: `Bearer ${token}` }]);
      attempts.push([`/api/agent/catalog/search?query=microscope&limit=500`, { authorization: `Bearer ${token}` }]);
      attempts.push([`/api/agent/catalog/record?id=not-an-id`, { authorization: `Bearer ${token}` }]);
      attempts.push([`/api/agent/catalog/record?id=${encodeURIComponent(server.recordId)}`, { authorization: `Bearer ${noScope}` }]);
    }
    for (const [p, headers] of attempts) {
      const res = await fetch(url(p), { headers });
      await res.arrayBuffer();
      expect([400, 401, 403]).toContain(res.status);
    }
    const usage = await server.usage(token);
    for (const ledger of [usage.account.windows, usage.company!.windows]) {
      expect([ledger.minute.used, ledger.day.used, ledger.month.used]).toEqual([0, 0, 0]);
    }
    expect(allOk(await statuses(30, () => server.read(token)))).toBe(true);
  });
});

describe('rate-limit headers', { timeout: 120_000 }, () => {
  it('success and 429 responses carry RateLimit-Policy and RateLimit (IETF draft) for every capped window', async () => {
    server.clock.set('2026-11-22T19:00:20.000Z');
    const token = await server.token(await server.addAccount({ company: uniqueCompany('Epsilon') }));
    const ok = await server.read(token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toContain('"account-minute";q=30;w=60');
    expect(ok.headers.get('ratelimit-policy')).toContain('"account-day";q=300;w=86400;qu="units"');
    expect(ok.headers.get('ratelimit-policy')).toContain('"company-minute";q=120;w=60');
    expect(ok.headers.get('ratelimit')).toContain('"account-minute";r=29;t=40');
    expect(ok.headers.get('ratelimit')).toContain('"company-minute";r=119;t=40');
    await statuses(29, () => server.read(token));
    const blocked = await server.read(token);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('ratelimit')).toContain('"account-minute";r=0;t=40');
  });
});

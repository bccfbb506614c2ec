// `rcat-server account update | enable | set-password` (in this process through the program's
// entry, and as child processes `node bin/rcat-server.js …` beside a running server): each happy path, bad input (exit 2, state.json byte for byte unchanged), an unknown account
// (exit 3, unchanged), and a server running on the same data dir seeing each change on its very
// next request (the tier and per-minute ceiling, the same token working again, web sessions
// ended). The store-level e-mail conflict is also a store contract case (JSON and PostgreSQL);
// hostile values: test/admin-account-update-fuzz.test.ts; PostgreSQL: test/postgres-account-maintenance.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { UsageReport } from '../src/shared/usage.js';
import { guardedState } from './support/hostile-input.js';
import { runRcatServer, runRcatServerInProcess } from './support/run-rcat-server.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';
import { WebClient } from './support/web-client.js';
import { connect, PASSWORD as OAUTH_PASSWORD, registerPublicClient, signedInBrowser, tokenRequest } from './oauth-support.js';

const scratch = scratchDirs();
afterAll(scratch.cleanup);

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a different long passphrase';
const PUBLIC_KEYS = ['company', 'createdAt', 'disabled', 'email', 'id', 'name', 'paidUntil', 'plan'];

/** A day relative to today (UTC), YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The commands on a data dir: in this process, or (`child`) as real child processes beside a server. */
function commandsOn(dataDir: string, options: { child?: boolean } = {}) {
  const run = options.child ? runRcatServer : runRcatServerInProcess;
  const cli = (args: string[], stdin?: string) => run(['--data-dir', dataDir, ...args], { stdin });
  const state = () => readFileSync(path.join(dataDir, 'state.json'), 'utf8');
  const stored = (email: string) =>
    (JSON.parse(state()).accounts as { email: string; passwordHash: string | null }[]).find((a) => a.email.toLowerCase() === email.toLowerCase())!;
  return { cli, state, stored };
}

describe('account update', { timeout: 120_000 }, () => {
  const { cli, state, stored } = commandsOn(scratch.dir());

  beforeAll(async () => {
    expect((await cli(['account', 'add', '--email', 'grace@example.org', '--name', 'Grace', '--company', 'Navy Labs'], `${PASSWORD}\n`)).code).toBe(0);
    expect((await cli(['account', 'add', '--email', 'taken@example.org', '--name', 'Taken', '--no-password'])).code).toBe(0);
  });

  it('changes exactly the given fields and prints the account as JSON (no password hash)', async () => {
    const before = JSON.parse((await cli(['account', 'list', '--json'])).stdout).find((a: { email: string }) => a.email === 'grace@example.org');
    const hashBefore = stored('grace@example.org').passwordHash;
    const r = await cli(['account', 'update', '--email', 'GRACE@example.org', '--name', '  Grace H  ', '--plan', 'paid', '--paid-until', '2031-12-31', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const after = JSON.parse(r.stdout);
    expect(Object.keys(after).sort()).toEqual(PUBLIC_KEYS);
    expect(after).toEqual({ ...before, name: 'Grace H', plan: 'paid', paidUntil: '2031-12-31' });
    expect(r.stdout).not.toMatch(/scrypt|passwordHash/);
    expect(stored('grace@example.org').passwordHash).toBe(hashBefore);

    const noCompany = JSON.parse((await cli(['account', 'update', '--email', 'grace@example.org', '--no-company', '--json'])).stdout);
    expect(noCompany).toEqual({ ...after, company: null });
    const company = JSON.parse((await cli(['account', 'update', '--email', 'grace@example.org', '--company', ' Hopper Inc ', '--json'])).stdout);
    expect(company).toEqual({ ...after, company: 'Hopper Inc' });
  });

  it('changes the e-mail address (also only its case); the old address then names no account', async () => {
    const moved = await cli(['account', 'update', '--email', 'grace@example.org', '--new-email', 'hopper@example.org', '--json']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout).email).toBe('hopper@example.org');
    expect((await cli(['account', 'update', '--email', 'grace@example.org', '--name', 'X'])).code).toBe(3);
    const recased = await cli(['account', 'update', '--email', 'hopper@example.org', '--new-email', 'Hopper@Example.org', '--json']);
    expect(recased.code, recased.stderr).toBe(0);
    expect(JSON.parse(recased.stdout).email).toBe('Hopper@Example.org');
  });

  it('keeps a paid plan on its stored paid-until date, removes the date only together with the paid plan', async () => {
    const plan = await cli(['account', 'update', '--email', 'taken@example.org', '--plan', 'paid', '--paid-until', dayFromNow(30), '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    // Already has a date: --plan paid alone is fine, and so is going back to standard and paid again.
    const standard = await cli(['account', 'update', '--email', 'taken@example.org', '--plan', 'standard']);
    expect(standard.code, standard.stderr).toBe(0);
    expect(standard.stderr).toMatch(/warning: taken@example.org is on the standard plan: its paid-until day \d{4}-\d\d-\d\d gives the paid tier only with --plan paid/);
    // An unrelated change says nothing about the tier.
    const renamed = await cli(['account', 'update', '--email', 'taken@example.org', '--name', 'Taken']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stderr).toBe('');
    const again = await cli(['account', 'update', '--email', 'taken@example.org', '--plan', 'paid', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ plan: 'paid', paidUntil: dayFromNow(30) });
    const both = await cli(['account', 'update', '--email', 'taken@example.org', '--plan', 'standard', '--no-paid-until', '--json']);
    expect(both.code, both.stderr).toBe(0);
    expect(JSON.parse(both.stdout)).toMatchObject({ plan: 'standard', paidUntil: null });
  });

  it('accepts a paid-until day that has passed (as add does) and warns that the tier is standard (add warns too)', async () => {
    const r = await cli(['account', 'update', '--email', 'taken@example.org', '--plan', 'paid', '--paid-until', '2020-01-01', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: the paid-until day 2020-01-01 has passed/);
    expect(JSON.parse(r.stdout)).toMatchObject({ plan: 'paid', paidUntil: '2020-01-01' });
    expect((await cli(['account', 'update', '--email', 'taken@example.org', '--plan', 'standard', '--no-paid-until'])).code).toBe(0);
    // add applies the same rule and says the same.
    const added = await cli(['account', 'add', '--email', 'lapsed@example.org', '--name', 'Lapsed', '--plan', 'paid', '--paid-until', '2020-01-01', '--no-password']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/warning: the paid-until day 2020-01-01 has passed: lapsed@example.org has the standard tier/);
    const current = await cli(['account', 'add', '--email', 'current@example.org', '--name', 'Current', '--plan', 'paid', '--paid-until', dayFromNow(1), '--no-password']);
    expect(current.code, current.stderr).toBe(0);
    expect(current.stderr).toBe('');
  });

  it('writes nothing when every given value is already stored', async () => {
    const before = state();
    const r = await cli(['account', 'update', '--email', 'taken@example.org', '--name', 'Taken']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/No change/);
    expect(state()).toBe(before);
  });

  it.each([
    ['an e-mail address another account has (any case)', ['--email', 'Hopper@Example.org', '--new-email', 'TAKEN@example.org'], /already exists/],
    ['a malformed new e-mail', ['--email', 'Hopper@Example.org', '--new-email', 'not-an-email'], /--new-email: "not-an-email" is not an e-mail address/],
    ['a malformed --email', ['--email', 'not-an-email', '--name', 'X'], /not an e-mail address/],
    ['an empty name', ['--email', 'Hopper@Example.org', '--name', '   '], /--name must not be empty/],
    ['an unknown plan', ['--email', 'Hopper@Example.org', '--plan', 'gold'], /Allowed choices are standard, paid/],
    ['an impossible date', ['--email', 'Hopper@Example.org', '--paid-until', '2031-02-30'], /--paid-until must be a date YYYY-MM-DD/],
    ['a date in another format', ['--email', 'Hopper@Example.org', '--paid-until', '31.12.2031'], /--paid-until must be a date YYYY-MM-DD/],
    ['paid without any paid-until date', ['--email', 'taken@example.org', '--plan', 'paid'], /--plan paid needs --paid-until/],
    ['removing the date of a paid plan', ['--email', 'Hopper@Example.org', '--no-paid-until'], /a paid plan needs a paid-until date/],
    ['nothing to change', ['--email', 'Hopper@Example.org'], /nothing to change/],
    ['no --email', ['--name', 'X'], /required option '--email/],
    ['a password option', ['--email', 'Hopper@Example.org', '--password', 'hunter22hunter22'], /unknown option '--password'/],
  ])('usage error: %s → exit 2, one clear message, nothing written', async (_label, args, message) => {
    const before = state();
    const r = await cli(['account', 'update', ...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
    expect(state()).toBe(before);
  });

  it.each([
    ['update', ['account', 'update', '--email', 'nobody@example.org', '--name', 'X']],
    ['enable', ['account', 'enable', '--email', 'nobody@example.org']],
    ['set-password', ['account', 'set-password', '--email', 'nobody@example.org']],
  ])('%s of an unknown account → exit 3, one line, nothing written', async (_label, args) => {
    const before = state();
    const r = await cli(args, `${NEW_PASSWORD}\n`);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toBe('error: --email: no account with e-mail nobody@example.org\n');
    expect(state()).toBe(before);
  });
});

describe('a running server sees account maintenance on the next request', { timeout: 120_000 }, () => {
  let server: TestServer;
  let cli: ReturnType<typeof commandsOn>['cli'];
  /** The maintenance commands the first two cases check across processes: real child processes. */
  let childCli: ReturnType<typeof commandsOn>['cli'];
  let state: () => string;
  let stored: ReturnType<typeof commandsOn>['stored'];
  /** The server's clock: the real time, unless a test holds it (a lockout must not run out while the machine is slow). */
  let held: Date | null = null;

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => held ?? new Date() });
    ({ cli, stored } = commandsOn(server.dataDir));
    childCli = commandsOn(server.dataDir, { child: true }).cli;
    // The server moves last-use times by itself: compare everything else.
    state = () => guardedState(server.dataDir);
  });
  afterAll(() => server.stop());

  const search = (token: string) => fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });
  const usage = async (token: string) => {
    const res = await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return UsageReport.parse(await res.json());
  };
  const newToken = async (email: string) => {
    const r = await cli(['token', 'create', '--email', email, '--scope', 'catalog:read', '--json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { token: string; id: string };
  };

  it('update --paid-until raises the per-minute ceiling from 30 to 60 at once; --plan standard lowers it; --new-email shows at once', async () => {
    expect((await cli(['account', 'add', '--email', 'tier@example.org', '--name', 'Tier', '--plan', 'paid', '--paid-until', '2020-01-01', '--no-password'])).code).toBe(0);
    const { token } = await newToken('tier@example.org');
    const expired = await search(token);
    expect(expired.status).toBe(200);
    expect(expired.headers.get('ratelimit-policy')).toContain('"account-minute";q=30;w=60');
    expect((await usage(token)).account).toMatchObject({ tier: 'standard', paidUntil: '2020-01-01', windows: { minute: { limit: 30 } } });

    const extended = await childCli(['account', 'update', '--email', 'tier@example.org', '--paid-until', dayFromNow(365)]);
    expect(extended.code, extended.stderr).toBe(0);
    const paid = await search(token);
    expect(paid.status).toBe(200);
    expect(paid.headers.get('ratelimit-policy')).toContain('"account-minute";q=60;w=60');
    expect((await usage(token)).account).toMatchObject({ tier: 'paid', paidUntil: dayFromNow(365), windows: { minute: { limit: 60 } } });

    expect((await childCli(['account', 'update', '--email', 'tier@example.org', '--plan', 'standard', '--new-email', 'tier2@example.org'])).code).toBe(0);
    expect((await search(token)).headers.get('ratelimit-policy')).toContain('"account-minute";q=30;w=60');
    expect((await usage(token)).account).toMatchObject({ tier: 'standard', email: 'tier2@example.org' });
  });

  it('enable: the same unexpired token works again at once; a revoked one stays refused', async () => {
    expect((await cli(['account', 'add', '--email', 'pause@example.org', '--name', 'Pause', '--no-password'])).code).toBe(0);
    const kept = await newToken('pause@example.org');
    const revoked = await newToken('pause@example.org');
    expect((await search(kept.token)).status).toBe(200);

    expect((await childCli(['account', 'disable', '--email', 'pause@example.org'])).code).toBe(0);
    const refused = await search(kept.token);
    expect(refused.status).toBe(403);
    expect(Problem.parse(await refused.json()).code).toBe('account_disabled');
    const revocation = await cli(['token', 'revoke', revoked.id]);
    expect(revocation.code, revocation.stderr).toBe(0);

    const enabled = await childCli(['account', 'enable', '--email', 'pause@example.org', '--json']);
    expect(enabled.code, enabled.stderr).toBe(0);
    const body = JSON.parse(enabled.stdout);
    expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
    expect(body).toMatchObject({ email: 'pause@example.org', disabled: false });
    expect((await search(kept.token)).status).toBe(200);
    const stillRevoked = await search(revoked.token);
    expect(stillRevoked.status).toBe(401);
    expect(Problem.parse(await stillRevoked.json()).code).toBe('token_revoked');

    // Enabling an enabled account changes nothing.
    const before = state();
    const again = await childCli(['account', 'enable', '--email', 'pause@example.org']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/was not disabled; nothing changed/);
    expect(state()).toBe(before);
  });

  it('enable brings back unexpired OAuth access tokens; a connection that refreshed while disabled stays revoked; set-password leaves OAuth alone', async () => {
    expect((await cli(['account', 'add', '--email', 'oauth@example.org', '--name', 'OAuth'], `${OAUTH_PASSWORD}\n`)).code).toBe(0);
    const web = await signedInBrowser(server, 'oauth@example.org');
    const redirectUri = 'https://host.example/callback';
    const clientId = await registerPublicClient(server, redirectUri);
    const kept = await connect(server, web, { clientId, redirectUri });
    const refreshed = await connect(server, web, { clientId, redirectUri });
    expect((await search(kept.access_token)).status).toBe(200);

    expect((await cli(['account', 'disable', '--email', 'oauth@example.org'])).code).toBe(0);
    expect((await search(kept.access_token)).status).toBe(403);
    const whileDisabled = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshed.refresh_token });
    expect(whileDisabled.status).toBe(400);
    expect(whileDisabled.body.error).toBe('invalid_grant');

    expect((await cli(['account', 'enable', '--email', 'oauth@example.org'])).code).toBe(0);
    expect((await search(kept.access_token)).status).toBe(200);
    expect((await search(refreshed.access_token)).status).toBe(401);
    expect((await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshed.refresh_token })).status).toBe(400);

    expect((await cli(['account', 'set-password', '--email', 'oauth@example.org'], `${NEW_PASSWORD}\n`)).code).toBe(0);
    expect((await search(kept.access_token)).status).toBe(200);
    const refresh = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: kept.refresh_token });
    expect(refresh.status).toBe(200);
  });

  it('set-password: a password from stdin replaces the old one and ends every web session of the account (only that account)', async () => {
    expect((await cli(['account', 'add', '--email', 'web@example.org', '--name', 'Web'], `${PASSWORD}\n`)).code).toBe(0);
    expect((await cli(['account', 'add', '--email', 'other@example.org', '--name', 'Other'], `${PASSWORD}\n`)).code).toBe(0);
    const laptop = new WebClient(server.url);
    const phone = new WebClient(server.url);
    const other = new WebClient(server.url);
    for (const [client, email] of [[laptop, 'web@example.org'], [phone, 'web@example.org'], [other, 'other@example.org']] as const) {
      expect((await client.signIn(email, PASSWORD)).status).toBe(303);
      expect((await client.get('/en/account')).status).toBe(200);
    }

    const r = await cli(['account', 'set-password', '--email', 'web@example.org', '--json'], `${NEW_PASSWORD}\n`);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(Object.keys(body).sort()).toEqual([...PUBLIC_KEYS, 'webSessionsEnded'].sort());
    expect(body).toMatchObject({ email: 'web@example.org', webSessionsEnded: 2 });
    expect(r.stdout + r.stderr).not.toMatch(/scrypt|correct horse|different long/);
    expect(state()).not.toContain(NEW_PASSWORD);

    for (const client of [laptop, phone]) {
      const page = await client.get('/en/account');
      expect(page.status).toBe(303);
      expect(page.location).toMatch(/^\/en\/sign-in/);
    }
    expect((await other.get('/en/account')).status).toBe(200);
    expect((await new WebClient(server.url).signIn('web@example.org', PASSWORD)).status).toBe(401);
    expect((await new WebClient(server.url).signIn('web@example.org', NEW_PASSWORD)).status).toBe(303);
  });

  it('set-password ends a lockout: an address blocked by failed sign-ins can sign in with the new password at once (its IP count stays)', async () => {
    expect((await cli(['account', 'add', '--email', 'locked@example.org', '--name', 'Locked'], `${PASSWORD}\n`)).code).toBe(0);
    // The block after the sixth failure lasts a second of the server's clock: held still, so it
    // is still on when the right password is tried, however long the sign-ins took.
    held = new Date();
    try {
      for (let i = 0; i < 6; i++) expect((await new WebClient(server.url).signIn('Locked@Example.org', `wrong ${i}`)).status).toBe(401);
      expect((await new WebClient(server.url).signIn('locked@example.org', PASSWORD)).status).toBe(429);
      const r = await cli(['account', 'set-password', '--email', 'locked@example.org'], `${NEW_PASSWORD}\n`);
      expect(r.code, r.stderr).toBe(0);
      expect((await new WebClient(server.url).signIn(' locked@example.org', NEW_PASSWORD)).status).toBe(303);
    } finally {
      held = null;
    }
  });

  it('set-password refuses a short password or one given as an option (exit 2): hash and sessions unchanged', async () => {
    const client = new WebClient(server.url);
    expect((await client.signIn('other@example.org', PASSWORD)).status).toBe(303);
    const hash = stored('other@example.org').passwordHash;
    for (const [args, stdin, message] of [
      [[], 'short\n', /at least 8 characters/],
      [[], '', /at least 8 characters/],
      [['--password', NEW_PASSWORD], `${NEW_PASSWORD}\n`, /unknown option '--password'/],
    ] as const) {
      const before = state();
      const r = await cli(['account', 'set-password', '--email', 'other@example.org', ...args], stdin);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(state()).toBe(before);
    }
    expect(stored('other@example.org').passwordHash).toBe(hash);
    expect((await client.get('/en/account')).status).toBe(200);
  });
});

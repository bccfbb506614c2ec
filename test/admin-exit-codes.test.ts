// `rcat-server` exit codes (src/server/admin/exit-codes.ts, README "Operator commands") over a
// seeded data dir: every path where a named record does not exist exits 3 with one `error:` line
// naming it and changes nothing; the borders between 1, 2 and 3. The commands run in this process
// through the program's entry (the same parsing, output and codes); the real child process is
// checked for each code at the end.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedState } from './support/hostile-input.js';
import { runRcatServer, runRcatServerInProcess } from './support/run-rcat-server.js';
import { type SeededDir, seedDataDir } from './support/seed-data-dir.js';
import { scratchDirs } from './support/server.js';

const scratch = scratchDirs();
afterAll(scratch.cleanup);

let seeded: SeededDir;
let owner: string;
let outsider: string;
let projectId: string;
const ghost = 'ghost@example.test';
const missingProject = `prj_${randomUUID()}`;
const missingCollection = `col_${randomUUID()}`;
const missingItem = `sli_${randomUUID()}`;
const missingToken = randomUUID();

let bare: string; // a data dir with one account and nothing else: no projects, no items yet
const cli = (args: string[], dataDir = seeded.dataDir) => runRcatServerInProcess(['--data-dir', dataDir, ...args]);

/** Everything a command could change: the state (minus last-used times) and the files present. */
function snapshot(dataDir = seeded.dataDir): string {
  const files = readdirSync(dataDir, { recursive: true }).map(String).sort();
  return `${files.join('\n')}\n${readFileSync(path.join(dataDir, 'state.json'), 'utf8')}\n${guardedState(dataDir)}`;
}

beforeAll(async () => {
  seeded = await seedDataDir(scratch.dir(), { accounts: 2, records: 2 });
  [owner, outsider] = seeded.accounts.map((a) => a.email) as [string, string];
  const project = await cli(['project', 'add', '--name', 'Exit codes', '--owner', owner, '--json']);
  expect(project.code, project.stderr).toBe(0);
  projectId = JSON.parse(project.stdout).id;
  bare = scratch.dir();
  expect((await cli(['account', 'add', '--email', 'only@example.test', '--name', 'Only', '--no-password'], bare)).code).toBe(0);
}, 120_000);

describe('a named record that does not exist: exit 3, one clear line, nothing changed', { timeout: 60_000 }, () => {
  const cases: [string, () => string[], () => string][] = [
    ['account disable: unknown account', () => ['account', 'disable', '--email', ghost], () => ghost],
    ['token create: unknown account', () => ['token', 'create', '--email', ghost, '--scope', 'catalog:read'], () => ghost],
    ['token list: unknown account', () => ['token', 'list', '--email', ghost], () => ghost],
    ['token revoke: unknown token', () => ['token', 'revoke', missingToken], () => missingToken],
    ['project add: unknown owner', () => ['project', 'add', '--name', 'X', '--owner', ghost], () => ghost],
    ['project list: unknown account', () => ['project', 'list', '--email', ghost], () => ghost],
    ['project member add: unknown project', () => ['project', 'member', 'add', '--project', missingProject, '--email', owner, '--role', 'viewer'], () => missingProject],
    ['project member add: unknown account', () => ['project', 'member', 'add', '--project', projectId, '--email', ghost, '--role', 'viewer'], () => ghost],
    ['project member remove: unknown project', () => ['project', 'member', 'remove', '--project', missingProject, '--email', owner], () => missingProject],
    ['project member remove: unknown account', () => ['project', 'member', 'remove', '--project', projectId, '--email', ghost], () => ghost],
    ['project member remove: not a member', () => ['project', 'member', 'remove', '--project', projectId, '--email', outsider], () => 'not a member'],
    ['collection add: unknown project', () => ['collection', 'add', '--name', 'X', '--project', missingProject], () => missingProject],
    ['collection add: unknown owner', () => ['collection', 'add', '--name', 'X', '--owner', ghost], () => ghost],
    ['collection add: unknown editor', () => ['collection', 'add', '--name', 'X', '--project', projectId, '--editor', ghost], () => ghost],
    ['shortlist list: unknown collection', () => ['shortlist', 'list', '--collection', missingCollection], () => missingCollection],
    ['shortlist remove: unknown item', () => ['shortlist', 'remove', '--item', missingItem], () => missingItem],
    ['usage: unknown account', () => ['usage', '--email', ghost], () => ghost],
  ];

  it.each(cases)('%s', async (_label, args, names) => {
    for (const json of [false, true]) {
      const before = snapshot();
      const r = await cli([...args(), ...(json ? ['--json'] : [])]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: [^\n]+\n$/); // one line, no stack trace, no help dump
      expect(r.stderr).toContain(names());
      expect(snapshot()).toBe(before); // byte for byte: not even rewritten
    }
  });

  // A data dir with no projects, memberships or items yet: a refusal must not add empty lists.
  it.each([
    ['project member add', () => ['project', 'member', 'add', '--project', missingProject, '--email', 'only@example.test', '--role', 'viewer']],
    ['project member remove', () => ['project', 'member', 'remove', '--project', missingProject, '--email', 'only@example.test']],
    ['collection add', () => ['collection', 'add', '--name', 'X', '--project', missingProject]],
    ['shortlist list', () => ['shortlist', 'list', '--collection', missingCollection]],
    ['shortlist remove', () => ['shortlist', 'remove', '--item', missingItem]],
    ['token revoke', () => ['token', 'revoke', missingToken]],
    ['account disable', () => ['account', 'disable', '--email', ghost]],
  ])('%s on a data dir with nothing else yet', async (_label, args) => {
    const before = snapshot(bare);
    const r = await cli(args(), bare);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(snapshot(bare)).toBe(before);
  });
});

describe('the borders: 2 for the command line and conflicts, 1 for what the work needs', { timeout: 60_000 }, () => {
  it.each([
    ['a malformed token id', ['token', 'revoke', 'not-a-uuid'], /is not a token id/],
    ['a lookup by something that is not an e-mail', ['token', 'list', '--email', 'not-an-email'], /--email: "not-an-email" is not an e-mail address/],
    ['the same for usage', ['usage', '--email', 'nobody'], /--email: "nobody" is not an e-mail address/],
    ['a malformed project id', ['project', 'member', 'add', '--project', 'prj_nope', '--email', 'x@example.test', '--role', 'viewer'], /--project/],
    ['an e-mail already taken (conflict)', () => ['account', 'add', '--email', owner.toUpperCase(), '--name', 'Dup', '--no-password'], /already exists/],
    ['removing the last owner (conflict)', () => ['project', 'member', 'remove', '--project', projectId, '--email', owner], /last owner/],
    ['a --limits value that is neither a preset nor a file', () => ['usage', '--email', owner, '--limits', 'variant-z'], /neither a preset/],
    ['start with such a --limits', ['start', '--port', '0', '--limits', 'variant-z'], /neither a preset/],
    ['a --store that is not a postgres:// URL', ['--store', 'mysql://db/x', 'account', 'list'], /postgres:\/\//],
  ] as [string, string[] | (() => string[]), RegExp][])('%s → exit 2', async (_label, args, message) => {
    const before = snapshot();
    const r = await cli(typeof args === 'function' ? args() : args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot()).toBe(before);
  });

  it('a limits file that exists but is invalid, and a catalogue file that is missing → exit 1', async () => {
    const limits = path.join(scratch.dir(), 'limits.json');
    writeFileSync(limits, '{"standard": {"perMinute": -1}}');
    const before = snapshot();
    const usage = await cli(['usage', '--email', owner, '--limits', limits]);
    expect(usage.code, usage.stderr).toBe(1);
    expect(usage.stderr).toMatch(/limits file .* is invalid at standard\.perMinute/);
    const start = await cli(['start', '--port', '0', '--limits', limits]);
    expect(start.code, start.stderr).toBe(1);
    const missing = await cli(['catalogue', 'import', path.join(seeded.dataDir, 'no-such.jsonl')]);
    expect(missing.code, missing.stderr).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
    expect(snapshot()).toBe(before);
  });

  it('start with a --catalogue that is not there: exit 1 before the data dir is created', async () => {
    const fresh = path.join(scratch.dir(), 'not-yet');
    const r = await runRcatServer(['--data-dir', fresh, 'start', '--port', '0', '--demo', '--catalogue', path.join(fresh, 'none.jsonl')]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^error: --catalogue: cannot read .*none\.jsonl: no such file\n$/);
    expect(existsSync(fresh)).toBe(false);
  });
});

describe('the process exits with the code the command returns', { timeout: 60_000 }, () => {
  it.each([
    ['0', () => ['account', 'list', '--json'], 0],
    ['2 (usage)', () => ['token', 'create', '--email', owner, '--scope', 'everything'], 2],
    ['3 (not found)', () => ['token', 'revoke', missingToken], 3],
  ] as [string, () => string[], number][])('exit %s', async (_label, args, code) => {
    const before = snapshot();
    const r = await runRcatServer(['--data-dir', seeded.dataDir, ...args()]);
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot()).toBe(before);
  });
});

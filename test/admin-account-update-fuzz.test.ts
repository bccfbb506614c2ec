// `rcat-server account update` under hostile option values (fast-check; the command runs in this
// process through the program's entry, with the values argv can carry): either exit 0 with
// exactly the given values stored (trimmed name and company, an empty company meaning none) and
// no other account touched, or exit 2 with state.json unchanged — never another code, never a
// stack trace.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileText } from './support/hostile-input.js';
import { runRcatServerInProcess } from './support/run-rcat-server.js';
import { scratchDirs } from './support/server.js';

const scratch = scratchDirs();
afterAll(scratch.cleanup);

describe('account update under hostile values', { timeout: 180_000 }, () => {
  const dataDir = scratch.dir();
  const cli = (args: string[]) => runRcatServerInProcess(['--data-dir', dataDir, ...args]);
  const state = () => readFileSync(path.join(dataDir, 'state.json'), 'utf8');
  type Stored = { id: string; email: string; name: string; company: string | null; plan: string; paidUntil: string | null; passwordHash: string | null };
  const accounts = () => JSON.parse(state()).accounts as Stored[];
  // argv cannot carry NUL, and a lone surrogate would arrive as U+FFFD: neither is a value an operator can type.
  const value = fc.oneof(
    hostileText.map((s) => s.replaceAll('\0', '')).filter((s) => s.isWellFormed() && Buffer.byteLength(s) < 4000),
    fc.constantFrom('  Ada  ', 'paid', 'standard', '2031-01-31', '2030-02-29', 'fuzz2@example.org', 'other@example.org', 'OTHER@example.org'),
  );
  const option = fc.tuple(fc.constantFrom('--name', '--company', '--plan', '--paid-until', '--new-email'), value);

  beforeAll(async () => {
    expect((await cli(['account', 'add', '--email', 'fuzz@example.org', '--name', 'Fuzz', '--no-password'])).code).toBe(0);
    expect((await cli(['account', 'add', '--email', 'other@example.org', '--name', 'Other', '--no-password'])).code).toBe(0);
  });

  it('exit 0 with exactly the given values stored, or exit 2 with nothing changed; never a stack trace', async () => {
    const id = accounts()[0]!.id;
    const outcomes = { changed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(option, { selector: ([name]) => name, minLength: 1, maxLength: 3 }), fc.boolean(), async (opts, dropCompany) => {
        const before = state();
        const current = accounts().find((a) => a.id === id)!;
        const args = ['account', 'update', '--email', current.email, ...opts.map(([name, v]) => `${name}=${v}`), ...(dropCompany ? ['--no-company'] : [])];
        const r = await cli(args);
        const what = JSON.stringify(args).slice(0, 300);
        expect([0, 2], `${what}\n${r.stderr.slice(0, 300)}`).toContain(r.code);
        expect(r.stderr, what).not.toMatch(/\n\s+at .+:\d+:\d+\)?/);
        if (r.code !== 0) {
          expect(r.stderr, what).toMatch(/error: /);
          expect(state(), what).toBe(before);
          outcomes.refused++;
          return;
        }
        const given = Object.fromEntries(opts);
        const expected = { ...current };
        if ('--name' in given) expected.name = given['--name']!.trim();
        if ('--company' in given) expected.company = given['--company']!.trim() || null;
        if (dropCompany) expected.company = null; // --no-company comes last on the line, so it wins
        if ('--plan' in given) expected.plan = given['--plan']!;
        if ('--paid-until' in given) expected.paidUntil = given['--paid-until']!;
        if ('--new-email' in given) expected.email = given['--new-email']!;
        const others = (list: Stored[]) => list.filter((a) => a.id !== id);
        expect(accounts().find((a) => a.id === id), what).toEqual(expected);
        expect(others(accounts()), what).toEqual(others(JSON.parse(before).accounts));
        outcomes.changed++;
      }),
      // Two fixed examples run first, so both branches are exercised whatever the random draw
      // (random runs alone could all be refused, and the checks below would then fail by chance).
      { numRuns: 100, examples: [[[['--name', '  Ada  ']], false], [[['--plan', 'paid']], false]] },
    );
    // Both branches were exercised.
    expect(outcomes.changed).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

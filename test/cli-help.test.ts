// rcat's help and argument rules: every command's --help lists the options it inherits from the
// program (--server), as gh's INHERITED FLAGS do; a token typed as an argument to `rcat login` is
// refused with how to give it (stdin), exit 2, never echoed back. In process, plus one child process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, type CliHome, cliHome, leaks, rcat, runCli } from './cli-support.js';

let h: CliHome;

beforeAll(() => {
  assertBuilt();
  h = cliHome({ RCAT_SERVER: 'http://127.0.0.1:9' });
});
afterAll(() => h.cleanup());

const COMMANDS = [['login'], ['logout'], ['status'], ['search'], ['fetch'], ['projects'], ['shortlist', 'add'], ['inquiry'], ['mcp']];

describe('rcat help', () => {
  it.each(COMMANDS)('rcat %s --help lists the inherited --server option', async (...command) => {
    const r = await rcat([...command, '--help'], h.env);
    expect(r.code).toBe(0);
    const global = r.stdout.slice(r.stdout.indexOf('Global Options:'));
    expect(r.stdout).toContain('Global Options:');
    expect(global).toMatch(/--server <url>/);
  });
});

describe('rcat login with a token as an argument', () => {
  const TOKEN = 'rcat_at_notARealTokenButSecretLooking0123456789';

  it('is refused (exit 2) with how to give it on stdin, and the token is not echoed', async () => {
    const r = await rcat(['login', '--with-token', TOKEN], h.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/reads the token from stdin, never from an argument/);
    expect(r.stderr).toContain('rcat login --with-token < token.txt');
    expect(r.stderr).not.toMatch(/too many arguments/);
    expect(leaks(r, TOKEN)).toEqual([]);
  });

  it('says the same from a real process, which stores nothing', async () => {
    const r = await runCli(['login', '--with-token', TOKEN], h.env);
    expect(r.code).toBe(2);
    expect(leaks(r, TOKEN)).toEqual([]);
    const status = await rcat(['status'], h.env);
    expect(status.code).toBe(4);
  });

  it('rcat login with any other argument is a usage error too', async () => {
    const r = await rcat(['login', 'please'], h.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/takes no arguments/);
  });
});

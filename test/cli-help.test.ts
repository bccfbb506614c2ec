// rcat's help and argument rules: every command's --help lists the options it inherits from the
// program (--server), as gh's INHERITED FLAGS do; a token typed as an argument to `rcat login` is
// refused with how to give it (stdin), exit 2, never echoed back. In process, plus one child process.
import { PassThrough } from 'node:stream';
import { CommanderError } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure } from '../src/cli/exit-codes.js';
import { buildProgram, createFactory } from '../src/cli/program.js';
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

describe('a command line that names one command', () => {
  // runCli builds only the command a command line names (src/cli/program.ts); commander then
  // must say exactly what it says with every command built.
  const LINES = [
    ['search'], ['search', '--bogus', 'x'], ['--server', 'http://127.0.0.1:9', 'fetch'], ['--server=http://127.0.0.1:9', 'fetch', 'a', 'b'],
    ['login', 'please'], ['mcp', '--timeout'], ['shortlist', 'ad'], ['shortlist'], ['status', 'extra'], ['inquiry', '--question'],
    ['fetch', '--jsn', 'x'], ['projects', '-V'], ['--server'],
  ];

  async function withEveryCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const out = new PassThrough();
    const err = new PassThrough();
    let stdout = '';
    let stderr = '';
    out.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    err.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const stdin = new PassThrough();
    stdin.end();
    const f = createFactory({ stdin, stdout: out, stderr: err, env: h.env });
    let code = 0;
    try {
      await buildProgram(f).parseAsync(['node', 'rcat', ...args]);
    } catch (error) {
      if (error instanceof CommanderError) code = error.exitCode === 0 ? 0 : 2;
      else {
        // As runCli reports a failure of the command itself.
        const failure = describeFailure(error);
        code = failure.code;
        err.write(`${failure.lines.join('\n')}\n`);
      }
    } finally {
      await f.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    return { code, stdout, stderr };
  }

  it.each(LINES)('rcat %s says what it says with every command built', async (...args) => {
    expect(await rcat(args, h.env)).toEqual(await withEveryCommand(args));
  });
});

// The CLI's credentials file is never followed through a symbolic link nor chmod-ed through one:
// a link (or a FIFO, anything not a regular file) where credentials.json should be is refused
// with a clear error, and the link's target is neither read, narrowed, nor replaced. Against the
// real server on port 0, in process and as a child process.
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { assertBuilt, type CliHome, cliHome, leaks, rcat, runCli } from './cli-support.js';

let server: TestServer;
let token: string;
const homes: CliHome[] = [];

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  token = await server.token(await server.addAccount(), ['catalog:read']);
});
afterAll(async () => {
  for (const h of homes) h.cleanup();
  await server.stop();
});

/** A file-store CLI home whose credentials.json is a link to a 0644 file elsewhere. */
function homeWithLinkedCredentials(): { h: CliHome; target: string; before: string } {
  const h = cliHome({ RCAT_SERVER: server.url, RCAT_CREDENTIAL_STORE: 'file' });
  homes.push(h);
  mkdirSync(h.configDir, { recursive: true, mode: 0o700 });
  const target = path.join(tempDir('rcat-link-target-'), 'someone-elses-file.json');
  const before = `${JSON.stringify({ version: 1, servers: { [server.url]: { kind: 'agent', accessToken: 'rcat_at_planted' } } })}\n`;
  writeFileSync(target, before);
  chmodSync(target, 0o644);
  symlinkSync(target, path.join(h.configDir, 'credentials.json'));
  return { h, target, before };
}

const mode = (p: string) => statSync(p).mode & 0o777;

describe('a symbolic link where the credentials file should be', { timeout: 120_000 }, () => {
  it('is refused when reading (status, search): clear error, target not read into use, not chmod-ed', async () => {
    const { h, target, before } = homeWithLinkedCredentials();
    for (const args of [['status'], ['search', 'microscope']]) {
      const r = await rcat(args, h.env);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/Refusing to use .*credentials\.json: it is a symbolic link/);
    }
    expect(mode(target)).toBe(0o644);
    expect(readFileSync(target, 'utf8')).toBe(before);
  });

  it('is refused when writing (login): the token is not written through it, the link stays a link', async () => {
    const { h, target, before } = homeWithLinkedCredentials();
    const r = await runCli(['login', '--with-token'], h.env, { input: `${token}\n` });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/it is a symbolic link/);
    expect(leaks(r, token)).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(mode(target)).toBe(0o644);
    expect(lstatSync(path.join(h.configDir, 'credentials.json')).isSymbolicLink()).toBe(true);
  });

  it('a FIFO there is refused too, without waiting on it', async () => {
    const h = cliHome({ RCAT_SERVER: server.url, RCAT_CREDENTIAL_STORE: 'file' });
    homes.push(h);
    mkdirSync(h.configDir, { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', ['-m', '600', path.join(h.configDir, 'credentials.json')]);
    const r = await rcat(['status'], h.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not a regular file/);
  });
});

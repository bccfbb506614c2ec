// The real OS keychain: the CLI under a private D-Bus session with gnome-keyring's Secret
// Service unlocked (Debian packages gnome-keyring + dbus-x11, installed by .ci/run). The token
// goes to the keychain, never to a file, and logout removes it from there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { assertBuilt, type CliHome, cliHome, RCAT_BIN, runCli } from './cli-support.js';

let server: TestServer;
let h: CliHome;
let token: string;

function have(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  token = await server.token(await server.addAccount({ name: 'Keyring User' }), ['catalog:read']);
  h = cliHome({ RCAT_SERVER: server.url });
});
afterAll(async () => {
  h.cleanup();
  await server.stop();
});

describe.runIf(process.platform === 'linux')('OS keychain (Secret Service via gnome-keyring)', { timeout: 120_000 }, () => {
  it('login stores the token in the keychain, status says so, logout removes it', async () => {
    for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
      expect(have(tool), `${tool} is missing: apt-get install -y gnome-keyring dbus-x11`).toBe(true);
    }
    const tokenFile = path.join(h.home, 'token.txt');
    writeFileSync(tokenFile, token, { mode: 0o600 });
    const out = path.join(h.home, 'out');
    const rcat = `"${process.execPath}" "${RCAT_BIN}"`;
    // One session for the whole sequence: the keyring daemon lives as long as the bus.
    const script = [
      'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
      `${rcat} login --with-token < "${tokenFile}" 2> "${out}.login"; echo "login=$?"`,
      `${rcat} status --json > "${out}.status"; echo "status=$?"`,
      `${rcat} search microscope --json > /dev/null; echo "search=$?"`,
      `${rcat} logout 2> "${out}.logout"; echo "logout=$?"`,
      `${rcat} search microscope 2> /dev/null; echo "after=$?"`,
    ].join('\n');
    const r = await runCli([], h.env, { command: ['dbus-run-session', '--', 'sh', '-c', script] });
    expect(r.stdout).toContain('login=0');
    const login = readFileSync(`${out}.login`, 'utf8');
    expect(login).toMatch(/Stored in: the OS keychain/);
    expect(login).not.toMatch(/No usable OS keychain/);
    expect(existsSync(path.join(h.configDir, 'credentials.json'))).toBe(false);
    expect(r.stdout).toContain('status=0');
    expect(JSON.parse(readFileSync(`${out}.status`, 'utf8')).storedIn).toBe('keyring');
    expect(r.stdout).toContain('search=0');
    expect(r.stdout).toContain('logout=0');
    expect(readFileSync(`${out}.logout`, 'utf8')).toMatch(/removed from the OS keychain/);
    expect(r.stdout).toContain('after=4');
    expect(r.stdout + r.stderr + login).not.toContain(token);
  });

  it('--insecure-storage with a usable keychain: the file, said to be chosen, never "no OS keychain"', async () => {
    const chosen = cliHome({ RCAT_SERVER: server.url });
    try {
      const tokenFile = path.join(chosen.home, 'token.txt');
      writeFileSync(tokenFile, token, { mode: 0o600 });
      const out = path.join(chosen.home, 'out');
      const rcat = `"${process.execPath}" "${RCAT_BIN}"`;
      const script = [
        'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
        `${rcat} login --with-token --insecure-storage < "${tokenFile}" 2> "${out}.login"; echo "login=$?"`,
        `${rcat} status > "${out}.status"; echo "status=$?"`,
      ].join('\n');
      const r = await runCli([], chosen.env, { command: ['dbus-run-session', '--', 'sh', '-c', script] });
      expect(r.stdout).toContain('login=0');
      const login = readFileSync(`${out}.login`, 'utf8');
      expect(login).toMatch(/Stored in: a private file \(chosen with --insecure-storage\)/);
      expect(login).not.toMatch(/keychain/i);
      expect(existsSync(path.join(chosen.configDir, 'credentials.json'))).toBe(true);
      expect(r.stdout).toContain('status=0');
      const status = readFileSync(`${out}.status`, 'utf8');
      expect(status).toMatch(/Stored in:\s+a private file \(chosen with --insecure-storage\)/);
      expect(status).not.toMatch(/keychain/i);
    } finally {
      chosen.cleanup();
    }
  });

  it('a keyring daemon without a default keyring: login names that cause and keeps the token in the file', async () => {
    const bare = cliHome({ RCAT_SERVER: server.url });
    try {
      const tokenFile = path.join(bare.home, 'token.txt');
      writeFileSync(tokenFile, token, { mode: 0o600 });
      const out = path.join(bare.home, 'out');
      const rcat = `"${process.execPath}" "${RCAT_BIN}"`;
      // An empty unlock password: the daemon owns the Secret Service name but has only its
      // temporary "session" collection, no default (login) keyring.
      const script = [
        'printf "" | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
        `${rcat} login --with-token < "${tokenFile}" 2> "${out}.login"; echo "login=$?"`,
      ].join('\n');
      const r = await runCli([], bare.env, { command: ['dbus-run-session', '--', 'sh', '-c', script] });
      expect(r.stdout).toContain('login=0');
      const login = readFileSync(`${out}.login`, 'utf8');
      expect(login).toMatch(/No usable OS keychain \(the Secret Service has no default keyring/);
      expect(login).not.toMatch(/no Secret Service on the session bus/);
      expect(existsSync(path.join(bare.configDir, 'credentials.json'))).toBe(true);
    } finally {
      bare.cleanup();
    }
  });

  it('signed in with the keychain, which cannot be reached later: exit 8 says so (not "not signed in"); a file sign-in still works', async () => {
    const later = cliHome({ RCAT_SERVER: server.url });
    try {
      const tokenFile = path.join(later.home, 'token.txt');
      writeFileSync(tokenFile, token, { mode: 0o600 });
      const rcat = `"${process.execPath}" "${RCAT_BIN}"`;
      const script = [
        'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
        `${rcat} login --with-token < "${tokenFile}" 2>/dev/null; echo "login=$?"`,
      ].join('\n');
      const signedIn = await runCli([], later.env, { command: ['dbus-run-session', '--', 'sh', '-c', script] });
      expect(signedIn.stdout).toContain('login=0');
      // Now without the session bus (its daemon is gone with it).
      for (const args of [['status'], ['search', 'microscope']]) {
        const r = await runCli(args, later.env);
        expect(r.code, r.stderr).toBe(8);
        expect(r.stderr).toMatch(/kept in the OS keychain, which cannot be reached now: no D-Bus session bus/);
        expect(r.stderr).toMatch(/--insecure-storage/);
        expect(r.stderr).not.toMatch(/Not signed in/);
      }
      const again = await runCli(['login', '--with-token', '--insecure-storage'], later.env, { input: `${token}\n` });
      expect(again.code, again.stderr).toBe(0);
      expect((await runCli(['status'], later.env)).code).toBe(0);
    } finally {
      later.cleanup();
    }
  });
});

// Installed like a user installs it: `npm pack` on a copy of the sources (no dist/ in it: the
// prepack script must build), the tarball installed globally into a temporary prefix, and the
// installed commands run from there: `rcat --version`, `rcat-server --help`, and
// `rcat-server start` serving the shipped catalogue to a demo token.
// The pack runs in a copy so the build it starts never rewrites this checkout's dist/, which
// other test files are running at the same time.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/server.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** What the package is built from: the package files and every input of `npm run build`. */
const SOURCES = ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', 'src', 'bin', 'scripts', 'data', 'docs', 'migrations'];

let work: string;
let prefix: string;
let tarball: string;
// The environment of a user's shell: none of the settings `npm test` passes down to its children.
const env: NodeJS.ProcessEnv = {};
for (const [key, value] of Object.entries(process.env)) if (!/^(RCAT_|npm_|INIT_CWD$)/i.test(key)) env[key] = value;
Object.assign(env, { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' });

beforeAll(async () => {
  work = tempDir('rcat-pack-');
  const copy = path.join(work, 'source');
  for (const entry of SOURCES) if (existsSync(path.join(REPO, entry))) cpSync(path.join(REPO, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  expect(existsSync(path.join(copy, 'dist'))).toBe(false);
  const packed = await run(NPM, ['pack', '--json', '--pack-destination', work], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(work, info!.filename);
  expect(info!.files.some((f) => f.path === 'dist/server/app/main.js')).toBe(true);
  prefix = path.join(work, 'prefix');
  mkdirSync(prefix);
  await run(NPM, ['install', '--global', '--prefix', prefix, '--prefer-offline', tarball], { cwd: work, env, maxBuffer: 64 * 1024 * 1024 });
}, 600_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function installed(name: string): string {
  return process.platform === 'win32' ? path.join(prefix, `${name}.cmd`) : path.join(prefix, 'bin', name);
}

describe('the packed package, installed globally from its tarball', { timeout: 120_000 }, () => {
  it('ships a built dist/ and no source maps or tests', async () => {
    const listing = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
    const files = listing.stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/dist/cli/main.js');
    // The bins' bundles (bin/rcat.js, bin/rcat-server.js load them).
    expect(files).toContain('package/dist/rcat/main.js');
    expect(files).toContain('package/dist/rcat-server/main.js');
    // `rcat mcp`'s own start (src/cli/bridge-main.ts), and the bins read as CommonJS.
    expect(files).toContain('package/dist/rcat/bridge.cjs');
    expect(files).toContain('package/bin/package.json');
    expect(files).toContain('package/data/catalogue.jsonl');
    expect(files.filter((f) => f.endsWith('.map') || f.startsWith('package/test/') || f.startsWith('package/src/'))).toEqual([]);
  });

  it('rcat --version and rcat-server --help run from the prefix', async () => {
    const version = (await import(path.join(REPO, 'package.json'), { with: { type: 'json' } })).default.version as string;
    expect((await run(installed('rcat'), ['--version'], { env })).stdout.trim()).toBe(version);
    const help = await run(installed('rcat-server'), ['--help'], { env });
    expect(help.stdout).toMatch(/Usage: rcat-server/);
    expect(help.stdout).toMatch(/\bstart\b/);
  });

  it('rcat-server start serves the shipped catalogue', async () => {
    const dataDir = path.join(work, 'data-dir');
    const server = spawn(installed('rcat-server'), ['start', '--demo', '--port', '0', '--data-dir', dataDir], { env, cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        server.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          // With --demo, the guides' address is the last line printed at start-up.
          const match = /listening on (http:\/\/\S+)[\s\S]*\nGuides: /.exec(stderr);
          if (match) resolve(match[1]!);
        });
        server.on('exit', (code) => reject(new Error(`rcat-server exited with ${code}: ${stderr}`)));
      });
      const token = /\b(rcat_at_[A-Za-z0-9_-]+)/.exec(stderr)?.[1];
      expect(token, stderr).toBeDefined();
      const answer = await fetch(`${url}/api/agent/catalog/search?query=mass%20spectrometry`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { results: { id: string; url: string }[] };
      expect(body.results.length).toBeGreaterThan(0);
      expect(body.results[0]!.url.startsWith(`${url}/en/catalogue/`)).toBe(true);
      expect(readdirSync(dataDir)).toContain('state.json');
      // The installed `rcat mcp` (its own bundle, dist/rcat/bridge.cjs, and what it requires from
      // the installed node_modules when a message needs it) bridges a host to that server.
      const answers = await bridgeLines(['mcp', '--server', url], { ...env, RCAT_TOKEN: token! }, [
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'install-test', version: '1' } } },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: { query: 'mass spectrometry' } } },
      ]);
      expect(answers[0]).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
      expect(answers[1]).toMatchObject({ id: 2, result: { structuredContent: { results: expect.any(Array) } } });
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode === null ? server.on('exit', resolve) : resolve(null)));
    }
  });
});

/** Runs the installed `rcat` with these JSON-RPC requests on stdin, one at a time; their answers. */
function bridgeLines(args: string[], childEnv: NodeJS.ProcessEnv, requests: object[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(installed('rcat'), args, { env: childEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    const answers: Record<string, unknown>[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
        answers.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
        buffered = buffered.slice(nl + 1);
        if (answers.length < requests.length) child.stdin.write(`${JSON.stringify(requests[answers.length])}\n`);
        else child.stdin.end();
      }
    });
    child.on('error', reject);
    child.on('close', (code) => (answers.length === requests.length ? resolve(answers) : reject(new Error(`rcat mcp exited ${code}: ${stderr}`))));
    child.stdin.write(`${JSON.stringify(requests[0])}\n`);
  });
}

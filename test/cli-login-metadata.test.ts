// rcat login opens a browser only at the server's own origin: OAuth metadata (RFC 8414) that
// names an authorization endpoint with another scheme (javascript:, file:, data:) or on another
// host or port is refused with a clear error (exit 1) and nothing reaches the OS opener. A real
// HTTP server on port 0 serves the hostile metadata; $BROWSER is a script that records any call.
import { existsSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/server.js';
import { assertBuilt, type CliHome, cliHome, rcat, runCli } from './cli-support.js';

let endpoint = '';
let server: http.Server;
let base = '';
const homes: CliHome[] = [];

beforeAll(async () => {
  assertBuilt();
  server = http.createServer((req, res) => {
    if (req.url === '/.well-known/oauth-authorization-server') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer: base, authorization_endpoint: endpoint, token_endpoint: `${base}/api/agent/oauth/token`, code_challenge_methods_supported: ['S256'] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const h of homes) h.cleanup();
  await new Promise((r) => server.close(r));
});

/** A CLI home whose $BROWSER records that it was called (and with what). */
function homeWithRecordingBrowser(): { h: CliHome; opened: string } {
  const dir = tempDir('rcat-browser-');
  const opened = path.join(dir, 'opened.txt');
  const script = path.join(dir, 'browser.sh');
  writeFileSync(script, `#!/bin/sh\necho "$1" > '${opened}'\n`);
  chmodSync(script, 0o755);
  const h = cliHome({ RCAT_SERVER: base, BROWSER: script });
  homes.push(h);
  return { h, opened };
}

describe('rcat login and the authorization endpoint the metadata names', { timeout: 60_000 }, () => {
  it.each([
    ['javascript:alert(1)', /scheme "javascript:"/],
    ['file:///etc/passwd', /scheme "file:"/],
    ['data:text/html,<script>alert(1)</script>', /scheme "data:"/],
    ['https://rcat.example.org.evil.example/en/connect/authorize', /on another host \(https:\/\/rcat\.example\.org\.evil\.example\)/],
  ])('%s is refused and never opened', async (hostile, message) => {
    endpoint = hostile;
    const { h, opened } = homeWithRecordingBrowser();
    const r = await rcat(['login', '--timeout', '5'], h.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/refusing to open it/);
    expect(existsSync(opened)).toBe(false);
  });

  it('another port of the same host is another origin: refused (a child process)', async () => {
    endpoint = `http://127.0.0.1:1/en/connect/authorize`;
    const { h, opened } = homeWithRecordingBrowser();
    const r = await runCli(['login', '--timeout', '5'], h.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/on another host \(http:\/\/127\.0\.0\.1:1\)/);
    expect(existsSync(opened)).toBe(false);
  });
});

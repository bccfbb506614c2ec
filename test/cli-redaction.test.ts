// A token that a server or a proxy echoes back (an error body quoting the request's
// Authorization header) is never printed by the CLI: not in a command's error on stderr, not in
// the JSON-RPC error the bridge writes to the host on stdout, not in the bridge's log. A gate in
// front of the real server answers with the echo; the CLI runs in process and as a child process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, type CliHome, cliHome, leaks, rcat, runCli } from './cli-support.js';
import { type Gate, inProcessBridge, rpcError, spawnBridge, startGate } from './bridge-fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let home: CliHome;
let token: string;
let gate: Gate;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  home = cliHome();
  token = await server.token(await server.addAccount());
  gate = await startGate(server.url);
});
afterAll(async () => {
  await gate.close();
  await server.stop();
  home.cleanup();
});

/** The gate answers every request with `status` and a problem body that quotes the token. */
function echoToken(status: number): void {
  const detail = `Request rejected by the proxy: Authorization: Bearer ${token}; access_token=${token}`;
  gate.mode = { kind: 'status', status, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify({ type: 'about:blank', title: `Error ${status}`, status, code: 'invalid_request', detail }) };
}

describe('a token echoed back is redacted', { timeout: 90_000 }, () => {
  it.each([400, 502])('rcat search: HTTP %i with the token in the body: stderr says what failed, without the token', async (status) => {
    echoToken(status);
    const env = { ...home.env, RCAT_SERVER: gate.url, RCAT_TOKEN: token };
    for (const r of [await rcat(['search', 'microscope'], env), await runCli(['search', 'microscope'], env)]) {
      expect(r.code).not.toBe(0);
      expect(r.stderr.length).toBeGreaterThan(0);
      expect(leaks(r, token)).toEqual([]);
    }
  });

  it('rcat mcp: the JSON-RPC error written to the host and the log carry no token', async () => {
    for (const start of [inProcessBridge, spawnBridge]) {
      gate.mode = { kind: 'pass' };
      const bridge = await start(['--server', gate.url], { ...home.env, RCAT_TOKEN: token });
      echoToken(400);
      const error = await rpcError(bridge.client.callTool({ name: 'search', arguments: { query: 'microscope' } }));
      expect(error.message.length).toBeGreaterThan(0);
      expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain(token);
      expect(bridge.stderr()).not.toContain(token);
      await bridge.client.close();
    }
  });
});

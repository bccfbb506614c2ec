// The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.13) against the
// running server, for the server scenarios that apply to rcat (docs/mcp.md lists the others and
// why they do not apply). The suite has no option for a bearer token, so it talks to a small
// test-only forwarder that adds the Authorization header a real client would send, and passes
// every other header (Host, Origin) through unchanged: the server's checks are not weakened.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';

export const APPLICABLE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'] as const;

const CLI = path.resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');
let server: TestServer;
let forwarder: http.Server;
let mcpUrl: string;

beforeAll(async () => {
  server = await startTestServer({ cataloguePath: catalogueFile(tempDir(), microscopes(3)) });
  const token = await server.token(await server.addAccount());
  const target = new URL(server.url);
  forwarder = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
  // The suite's DNS-rebinding scenario needs a localhost URL.
  mcpUrl = `http://localhost:${(forwarder.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => forwarder.close(() => resolve()));
  forwarder.closeAllConnections();
  await server.stop();
});

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

function runScenario(scenario: string): Promise<Check[]> {
  const outDir = tempDir('rcat-conformance-');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, 'server', '--url', mcpUrl, '--scenario', scenario, '-o', outDir], { timeout: 90_000 }, () => {
      try {
        const [resultDir] = readdirSync(outDir);
        resolve(JSON.parse(readFileSync(path.join(outDir, resultDir!, 'checks.json'), 'utf8')) as Check[]);
      } catch (error) {
        reject(new Error(`conformance ${scenario} produced no checks.json: ${(error as Error).message}`));
      }
    });
  });
}

describe('MCP conformance suite 0.1.13', () => {
  it.each(APPLICABLE_SCENARIOS)('%s passes with no failures or warnings', async (scenario) => {
    const checks = await runScenario(scenario);
    expect(checks.filter((c) => c.status === 'SUCCESS').length).toBeGreaterThan(0);
    expect(checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')).toEqual([]);
  }, 120_000);
});

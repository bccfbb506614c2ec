// A real HAProxy from Debian's `haproxy` package (`apt-get install -y haproxy`), started by a bench
// on loopback in front of rcat-server hosts, checking their readiness endpoint `/readyz` as
// docs/operations.md recommends. Its admin socket answers `show stat`, which says how HAProxy
// sees each host (UP, DOWN, …) and how many requests it sent to each.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface HaproxyHost {
  name: string;
  port: number;
}

export interface Haproxy {
  url: string;
  child: ChildProcess;
  /** `show stat` for the backend's servers: name → status (UP, DOWN, MAINT, …) and requests sent. */
  servers(): Promise<Map<string, { status: string; requests: number }>>;
  stop(): Promise<void>;
}

/** The HAProxy binary, or an error saying what to install. */
export function haproxyBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('HAProxy was not found: install it with `apt-get install -y haproxy` (Debian) to run this bench.');
  }
}

/**
 * Round robin over `hosts`, as docs/operations.md's sample: GET /readyz every 250 ms (answer
 * within 2 s); two failures take a host out, two successes put it back. A request to a host that
 * has died before its checks fail — a refused connection, or a kept-alive connection that ends
 * without an answer — is resent to another host (`retries`, `option redispatch`, `retry-on
 * conn-failure empty-response`). Only a request in flight when its host died can have been
 * charged there before it is resent; the bench counts those (the ledger's extra requests).
 */
function config(dir: string, port: number, hosts: readonly HaproxyHost[]): string {
  return [
    'global',
    '    maxconn 4096',
    `    stats socket ${path.join(dir, 'haproxy.sock')} mode 600 level admin`,
    'defaults',
    '    mode http',
    '    timeout connect 2s',
    '    timeout client 30s',
    '    timeout server 30s',
    '    retries 3',
    '    option redispatch 1',
    '    timeout check 2s',
    '    retry-on conn-failure empty-response',
    'frontend rcat',
    `    bind 127.0.0.1:${port}`,
    '    default_backend rcat_hosts',
    'backend rcat_hosts',
    '    balance roundrobin',
    '    option httpchk',
    '    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host rcat-health',
    '    http-check expect status 200',
    '    default-server check inter 250ms fall 2 rise 2',
    ...hosts.map((h) => `    server ${h.name} 127.0.0.1:${h.port}`),
    '',
  ].join('\n');
}

async function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let out = '';
    connection.on('data', (chunk) => (out += chunk.toString()));
    connection.on('end', () => resolve(out));
    connection.on('error', reject);
    connection.end(`${command}\n`);
  });
}

/** Starts HAProxy on 127.0.0.1:`port` and waits until every host is UP (ready). */
export async function startHaproxy(dir: string, port: number, hosts: readonly HaproxyHost[], timeoutMs = 30_000): Promise<Haproxy> {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config(dir, port, hosts));
  const child = spawn(haproxyBinary(), ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const socket = path.join(dir, 'haproxy.sock');
  const haproxy: Haproxy = {
    url: `http://127.0.0.1:${port}`,
    child,
    async servers() {
      const csv = await adminCommand(socket, 'show stat');
      const lines = csv.split('\n').filter((l) => l && !l.startsWith('#'));
      const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
      const at = (name: string) => header.indexOf(name);
      const result = new Map<string, { status: string; requests: number }>();
      for (const line of lines) {
        const f = line.split(',');
        if (f[at('pxname')] === 'rcat_hosts' && f[at('svname')] !== 'BACKEND') {
          result.set(f[at('svname')]!, { status: f[at('status')]!, requests: Number(f[at('stot')]) });
        }
      }
      return result;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}: ${stderr}`);
    const servers = await haproxy.servers().catch(() => null);
    if (servers && servers.size === hosts.length && [...servers.values()].every((s) => s.status === 'UP')) return haproxy;
    if (Date.now() - started > timeoutMs) {
      await haproxy.stop();
      throw new Error(`haproxy did not see every host ready within ${timeoutMs} ms: ${JSON.stringify([...(servers ?? [])])}\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

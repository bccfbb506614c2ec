// rcat status: server, account, scopes, where the token is stored, time left (warning from 7
// days before expiry) and usage against the limits (GET /api/agent/usage).
import { Command } from 'commander';
import type { UsageReport, UsageWindows } from '../../shared/usage.js';
import type { WhoAmI } from '../../shared/whoami.js';
import type { ApiClient } from '../api-client.js';
import type { Credential, Credentials } from '../credentials.js';
import { CliError, authError } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import { cleanCell, type Io, writeJson } from '../terminal.js';
import { dateOnly, errStyle, outStyle, say, serverFor } from './common.js';
import { EXPIRY_WARNING_DAYS, type TimeLeft, timeLeft } from '../time-left.js';
import { storageLabel } from './login.js';

export interface StatusOptions {
  io: Io;
  credentials: Credentials;
  server: () => Promise<string>;
  api: (server: string) => Promise<ApiClient>;
  json: boolean;
}

function windowLines(windows: UsageWindows): string[] {
  return (['minute', 'day', 'month'] as const).map((period) => {
    const w = windows[period];
    const limit = w.limit === null ? 'no cap' : String(w.limit);
    return `    ${period.padEnd(7)}${String(w.used).padStart(7)} / ${limit.padEnd(7)} ${w.measure.padEnd(9)} resets ${w.resetsAt.replace('T', ' ').slice(0, 16)} UTC`;
  });
}

export function statusCommand(f: Factory, run: (opts: StatusOptions) => Promise<void> = statusRun): Command {
  return new Command('status')
    .description('Show the server, account, scopes, where the token is kept, time left and usage against limits')
    .option('--json', 'print JSON: {server, storedIn, account, token, usage}')
    .addHelpText('after', `
Examples:
  rcat status
  rcat status --json | jq .token.daysLeft`)
    .action(async (flags: { json?: boolean }, command: Command) =>
      run({ io: f.io, credentials: await f.credentials(), server: serverFor(f, command), api: (server) => f.apiClient(server), json: flags.json === true }));
}

/** Usage is extra: a failure other than a rejected token is noted, not fatal. */
async function usageOf(api: ApiClient): Promise<{ usage: UsageReport | null; problem?: string }> {
  try {
    return { usage: await api.usage() };
  } catch (error) {
    if (error instanceof CliError && error.kind === 'auth') throw error;
    return { usage: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

export async function statusRun(opts: StatusOptions): Promise<void> {
  const { io } = opts;
  const server = await opts.server();
  const credential = await opts.credentials.load(server);
  if (!credential) throw authError(`Not signed in to ${server}.`);
  const api = await opts.api(server);
  const who: WhoAmI = await api.whoami();
  const { usage, problem } = await usageOf(api);
  // For an OAuth sign-in the access token renews itself; what ends is the refresh token.
  const until = credential.kind === 'oauth' ? (credential.refreshExpiresAt ?? null) : who.token.expiresAt;
  const left = timeLeft(until);
  const warn = left !== null && left.days <= EXPIRY_WARNING_DAYS;
  if (warn) {
    say(io, errStyle(io).warn(`warning: the sign-in to ${server} ${left.expired ? 'has expired' : `expires in ${left.text} (${dateOnly(until)})`}; run \`rcat login\` to renew it.`));
  }
  if (problem) say(io, `note: usage is not available (${problem})`);
  if (opts.json) {
    const token = { kind: who.token.kind, scopes: who.token.scopes, expiresAt: who.token.expiresAt, signedInUntil: until, daysLeft: left?.days ?? null };
    return writeJson(io, { server, storedIn: credential.storedIn, account: who.account, token, usage });
  }
  io.stdout.write(`${statusLines(io, { server, credential, who, until, left, warn, usage }).join('\n')}\n`);
}

interface StatusFacts {
  server: string;
  credential: Credential;
  who: WhoAmI;
  until: string | null;
  left: TimeLeft | null;
  warn: boolean;
  usage: UsageReport | null;
}

function statusLines(io: Io, { server, credential, who, until, left, warn, usage }: StatusFacts): string[] {
  const s = outStyle(io);
  const lines = [
    `${s.bold('Server:')}    ${server}`,
    `${s.bold('Account:')}   ${cleanCell(who.account.email, 200)}${who.account.name ? ` (${cleanCell(who.account.name, 100)})` : ''}`,
    `${s.bold('Token:')}     ${who.token.kind === 'oauth' ? 'OAuth sign-in (renews automatically)' : 'agent token'}`,
    `${s.bold('Scopes:')}    ${who.token.scopes.join(', ') || '(none)'}`,
    `${s.bold('Stored in:')} ${storageLabel(credential.storedIn, credential.fileReason)}`,
    `${s.bold('Expires:')}   ${until && left ? `${dateOnly(until)} (${left.expired ? 'expired' : `${left.text} left`})` : who.token.kind === 'oauth' ? 'renews automatically while in use' : 'not stated'}`,
  ];
  if (warn) lines[lines.length - 1] = s.warn(lines[lines.length - 1]!);
  if (usage) {
    lines.push(`${s.bold('Usage:')}     ${usage.account.tier} account, policy ${cleanCell(usage.policy, 60)}`);
    lines.push(...windowLines(usage.account.windows));
    if (usage.company) {
      lines.push(`  company ${cleanCell(usage.company.name, 100)} (shared ceiling):`);
      lines.push(...windowLines(usage.company.windows));
    }
  }
  return lines;
}

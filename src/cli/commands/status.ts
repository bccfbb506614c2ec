// rcat status: server, account, scopes, where the token is stored, time left (warning from 7
// days before expiry) and usage against the limits (GET /api/agent/usage).
import type { Command } from 'commander';
import type { UsageReport, UsageWindows } from '../../shared/usage.js';
import type { WhoAmI } from '../../shared/whoami.js';
import { ApiClient } from '../api-client.js';
import { getValidAccessToken, loadCredential, resolveServer } from '../credentials.js';
import { CliError, authError } from '../exit-codes.js';
import { cleanCell, writeJson } from '../terminal.js';
import { type Context, dateOnly, errStyle, globalOptions, outStyle, say } from './common.js';
import { EXPIRY_WARNING_DAYS, timeLeft } from '../time-left.js';
import { storageLabel } from './login.js';

function windowLines(windows: UsageWindows): string[] {
  return (['minute', 'day', 'month'] as const).map((period) => {
    const w = windows[period];
    const limit = w.limit === null ? 'no cap' : String(w.limit);
    return `    ${period.padEnd(7)}${String(w.used).padStart(7)} / ${limit.padEnd(7)} ${w.measure.padEnd(9)} resets ${w.resetsAt.replace('T', ' ').slice(0, 16)} UTC`;
  });
}

export function registerStatus(program: Command, ctx: Context): void {
  program
    .command('status')
    .description('Show the server, account, scopes, where the token is kept, time left and usage against limits')
    .option('--json', 'print JSON: {server, storedIn, account, token, usage}')
    .addHelpText('after', `
Examples:
  rcat status
  rcat status --json | jq .token.daysLeft`)
    .action(async (options: { json?: boolean }, command: Command) => {
      const server = await resolveServer(globalOptions(command), ctx.io.env);
      const credential = await loadCredential(server, ctx.io.env);
      if (!credential) throw authError(`Not signed in to ${server}.`);
      const api = new ApiClient(server, (rejected) => getValidAccessToken(server, { rejected }));
      const who: WhoAmI = await api.whoami();
      let usage: UsageReport | null = null;
      let usageProblem: string | undefined;
      try {
        usage = await api.usage();
      } catch (error) {
        if (error instanceof CliError && error.kind === 'auth') throw error;
        usageProblem = error instanceof Error ? error.message : String(error);
      }
      // For an OAuth sign-in the access token renews itself; what ends is the refresh token.
      const until = credential.kind === 'oauth' ? (credential.refreshExpiresAt ?? null) : who.token.expiresAt;
      const left = timeLeft(until);
      const days = left?.days ?? null;
      const warn = left !== null && left.days <= EXPIRY_WARNING_DAYS;
      const report = {
        server,
        storedIn: credential.storedIn,
        account: who.account,
        token: { kind: who.token.kind, scopes: who.token.scopes, expiresAt: who.token.expiresAt, signedInUntil: until, daysLeft: days },
        usage,
      };
      if (warn) {
        say(ctx.io, errStyle(ctx.io).warn(`warning: the sign-in to ${server} ${left.expired ? 'has expired' : `expires in ${left.text} (${dateOnly(until)})`}; run \`rcat login\` to renew it.`));
      }
      if (usageProblem) say(ctx.io, `note: usage is not available (${usageProblem})`);
      if (options.json) return writeJson(ctx.io, report);
      const s = outStyle(ctx.io);
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
      ctx.io.stdout.write(`${lines.join('\n')}\n`);
    });
}

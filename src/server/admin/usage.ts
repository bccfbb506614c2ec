// rcat-server usage --email E [--json]: an account's usage and ceilings per window, the same
// report as GET /api/agent/usage. Reads what is durable in the data dir, so it works beside a
// running server (which keeps writing) without disturbing it.
import type { Command } from 'commander';
import type { UsageReport, UsageWindow, UsageWindows } from '../../shared/usage.js';
import { readOnlyUsageCounters, usageDir } from '../limits/usage-folder.js';
import { LimitsService } from '../limits/limits-service.js';
import { DEFAULT_PRESET } from '../limits/policy.js';
import { recordedPolicy } from '../limits/policy-record.js';
import type { AdminContext } from './context.js';
import { accountByEmail } from './domain-admin.js';
import { printJson } from './io.js';
import { limitsPolicyOption } from './options.js';

export function registerUsageCommand(program: Command, ctx: AdminContext): void {
  program
    .command('usage')
    .description("show an account's usage and ceilings per window (minute, day, month) for the account and its company")
    .requiredOption('--email <email>', 'account e-mail')
    .option('--limits <preset-or-file>', "ceilings to show (env RCAT_LIMITS); default: those the last server on this data dir started with, else variant-b")
    .option('--json', 'print JSON (the GET /api/agent/usage shape)')
    .action(async (opts) => {
      const spec: string | undefined = opts.limits ?? ctx.env.limits;
      let policy = spec === undefined ? await recordedPolicy(usageDir(ctx.dataDir())) : null;
      policy ??= limitsPolicyOption(spec ?? DEFAULT_PRESET);
      const store = await ctx.openStore();
      const account = await accountByEmail(store, opts.email, '--email');
      const now = new Date();
      const counters = store.limitCounters ?? (await readOnlyUsageCounters(ctx.dataDir(), now));
      const report = await new LimitsService(policy, counters, () => now).usage(account, now);
      if (opts.json) printJson(ctx.io, report);
      else ctx.io.stdout.write(formatUsage(report));
    });
}

function formatUsage(report: UsageReport): string {
  const a = report.account;
  const lines = [
    `Account ${a.email}: ${a.tier}${a.paidUntil ? ` (paid until ${a.paidUntil})` : ''}; limits ${report.policy}; at ${report.at}`,
    '',
    `${'window'.padEnd(16)}${'used'.padStart(8)}${'limit'.padStart(10)}${'remaining'.padStart(11)}  resets`,
    ...rows('account', a.windows),
  ];
  if (report.company) lines.push(...rows(`company`, report.company.windows), '', `Company ledger: "${report.company.name}" (shared by all its accounts)`);
  else lines.push('', 'No company: no company ledger.');
  return `${lines.join('\n')}\n`;
}

function rows(ledger: string, windows: UsageWindows): string[] {
  const row = (period: string, w: UsageWindow) =>
    `${`${ledger} ${period}`.padEnd(16)}${String(w.used).padStart(8)}${(w.limit === null ? 'no cap' : String(w.limit)).padStart(10)}${(w.remaining === null ? '-' : String(w.remaining)).padStart(11)}  ${w.resetsAt} (in ${w.resetsInSeconds}s, ${w.measure})`;
  return [row('minute', windows.minute), row('day', windows.day), row('month', windows.month)];
}

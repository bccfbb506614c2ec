// rcat-server account add|list|disable (update, enable, set-password: ./account-maintenance.ts)
import { type Command, Option } from 'commander';
import { checkPaidPlan, companyValue, emailValue, nameValue, paidUntilValue, publicAccount, readNewPasswordHash, warnAboutTier } from './account-fields.js';
import { registerAccountMaintenanceCommands } from './account-maintenance.js';
import type { AdminContext } from './context.js';
import { accountByEmail } from './domain-admin.js';
import { printJson } from './io.js';

export function registerAccountCommands(program: Command, ctx: AdminContext): void {
  const account = program.command('account').description('manage accounts');

  account
    .command('add')
    .description('create an account; the web sign-in password is read from stdin (or a hidden prompt)')
    .requiredOption('--email <email>', 'e-mail address (unique)')
    .requiredOption('--name <name>', 'display name')
    .option('--company <company>', 'company; accounts of one company share the company ceiling')
    .addOption(new Option('--plan <plan>', 'plan').choices(['standard', 'paid']).default('standard'))
    .option('--paid-until <date>', 'YYYY-MM-DD: the paid entitlement is verified until this day (UTC)')
    .option('--no-password', 'create the account without a web password (API tokens only)')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const email = emailValue(opts.email, '--email');
      const paidUntil = opts.paidUntil === undefined ? null : paidUntilValue(opts.paidUntil);
      checkPaidPlan({ plan: opts.plan, paidUntil }, '--paid-until YYYY-MM-DD');
      const name = nameValue(opts.name);
      const passwordHash = opts.password === false ? null : await readNewPasswordHash(ctx.io, '; use --no-password for an API-only account');
      const store = await ctx.openStore();
      const created = await store.accounts.create({ email, name, company: companyValue(opts.company), plan: opts.plan, paidUntil, passwordHash });
      warnAboutTier(ctx.io, created, new Date(), true);
      if (opts.json) printJson(ctx.io, publicAccount(created));
      else ctx.io.stdout.write(`Created account ${created.email} (${created.id})\n`);
    });

  account
    .command('list')
    .description('list accounts')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const store = await ctx.openStore();
      const accounts = (await store.accounts.list()).map(publicAccount);
      if (opts.json) printJson(ctx.io, accounts);
      else for (const a of accounts) ctx.io.stdout.write(`${a.id}  ${a.email}  ${a.plan}${a.company ? `  ${a.company}` : ''}${a.disabled ? '  (disabled)' : ''}\n`);
    });

  account
    .command('disable')
    .description('disable an account: its tokens and web sessions stop working at once (account enable undoes it)')
    .requiredOption('--email <email>', 'e-mail address')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const store = await ctx.openStore();
      const existing = await accountByEmail(store, opts.email, '--email');
      const updated = await store.accounts.update(existing.id, { disabled: true });
      if (opts.json) printJson(ctx.io, publicAccount(updated!));
      else ctx.io.stdout.write(`Disabled ${existing.email}\n`);
    });

  registerAccountMaintenanceCommands(account, ctx);
}

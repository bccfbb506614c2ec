// rcat-server account add|list
import { type Command, Option } from 'commander';
import { z } from 'zod';
import { hashPassword } from '../services/passwords.js';
import type { AdminContext } from './context.js';
import { accountByEmail, Email } from './domain-admin.js';
import { UsageError } from './exit-codes.js';
import { printJson, readSecret } from './io.js';

// A real calendar day: Date.parse alone accepts "2030-02-31" (it rolls over to March).
const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  });

export function publicAccount(a: { id: string; email: string; name: string; company: string | null; plan: string; paidUntil: string | null; disabled: boolean; createdAt: string }) {
  return { id: a.id, email: a.email, name: a.name, company: a.company, plan: a.plan, paidUntil: a.paidUntil, disabled: a.disabled, createdAt: a.createdAt };
}

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
      if (!Email.safeParse(opts.email).success) throw new UsageError(`--email: "${opts.email}" is not an e-mail address`);
      if (opts.paidUntil !== undefined && !DateOnly.safeParse(opts.paidUntil).success) throw new UsageError('--paid-until must be a date YYYY-MM-DD');
      if (opts.plan === 'paid' && !opts.paidUntil) throw new UsageError('--plan paid needs --paid-until YYYY-MM-DD (the date the paid entitlement is verified until)');
      if (!opts.name.trim()) throw new UsageError('--name must not be empty');
      let passwordHash: string | null = null;
      if (opts.password !== false) {
        const password = await readSecret(ctx.io, 'Password for the web sign-in: ');
        if (password.length < 8) throw new UsageError('the password (from stdin) must be at least 8 characters; use --no-password for an API-only account');
        passwordHash = await hashPassword(password);
      }
      const store = await ctx.openStore();
      const created = await store.accounts.create({
        email: opts.email,
        name: opts.name.trim(),
        company: opts.company?.trim() || null,
        plan: opts.plan,
        paidUntil: opts.paidUntil ?? null,
        passwordHash,
      });
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
    .description('disable an account: its tokens stop working at once')
    .requiredOption('--email <email>', 'e-mail address')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const store = await ctx.openStore();
      const existing = await accountByEmail(store, opts.email, '--email');
      const updated = await store.accounts.update(existing.id, { disabled: true });
      if (opts.json) printJson(ctx.io, publicAccount(updated!));
      else ctx.io.stdout.write(`Disabled ${existing.email}\n`);
    });
}

// rcat-server account update|enable|set-password: maintenance of existing accounts. Each command
// is one store write (the JSON store's cross-process lock, or one PostgreSQL statement), so a
// server running on the same data dir or database sees the change on its next request.
// Field rules are the ones `account add` uses (./account-fields.ts).
import { type Command, Option } from 'commander';
import type { Account } from '../store/ports/index.js';
import { checkPaidPlan, companyValue, emailValue, nameValue, paidUntilValue, publicAccount, readNewPasswordHash, warnAboutTier } from './account-fields.js';
import type { AdminContext } from './context.js';
import { accountByEmail } from './domain-admin.js';
import { NotFoundError, UsageError } from './exit-codes.js';
import { printJson } from './io.js';
import { SignInThrottle } from '../services/throttling/sign-in-throttle.js';

type AccountPatch = Partial<Pick<Account, 'email' | 'name' | 'company' | 'plan' | 'paidUntil'>>;

interface UpdateOptions {
  email: string;
  newEmail?: string;
  name?: string;
  /** A string for --company, false for --no-company, undefined when neither was given. */
  company?: string | false;
  plan?: Account['plan'];
  paidUntil?: string | false;
  json?: boolean;
}

/** The changes the options ask for, each checked like `account add` checks it (exit 2). */
function patchOf(opts: UpdateOptions): AccountPatch {
  const patch: AccountPatch = {};
  if (opts.newEmail !== undefined) patch.email = emailValue(opts.newEmail, '--new-email');
  if (opts.name !== undefined) patch.name = nameValue(opts.name);
  if (opts.company !== undefined) patch.company = opts.company === false ? null : companyValue(opts.company);
  if (opts.plan !== undefined) patch.plan = opts.plan;
  if (opts.paidUntil !== undefined) patch.paidUntil = opts.paidUntil === false ? null : paidUntilValue(opts.paidUntil);
  if (Object.keys(patch).length === 0) {
    throw new UsageError('nothing to change: give at least one of --name, --company / --no-company, --plan, --paid-until / --no-paid-until, --new-email');
  }
  return patch;
}

/** Only the fields whose value really changes (so a no-op update writes nothing). */
function changesOf(existing: Account, patch: AccountPatch): AccountPatch {
  return Object.fromEntries(Object.entries(patch).filter(([field, value]) => existing[field as keyof AccountPatch] !== value)) as AccountPatch;
}

export function registerAccountMaintenanceCommands(account: Command, ctx: AdminContext): void {
  account
    .command('update')
    .summary('change the given fields of an account, nothing else')
    .description(
      'change the given fields of an account and nothing else; a running server sees the change on its next request. ' +
        'A paid plan needs a paid-until date: give --paid-until with --plan paid unless the account already has one (a date that has passed is accepted, as by add, with a warning: it leaves the standard tier)',
    )
    .requiredOption('--email <email>', 'e-mail address of the account to change')
    .option('--name <name>', 'new display name')
    .option('--company <company>', 'new company; accounts of one company share the company ceiling')
    .option('--no-company', 'remove the company')
    .addOption(new Option('--plan <plan>', 'new plan').choices(['standard', 'paid']))
    .option('--paid-until <date>', 'YYYY-MM-DD: the paid entitlement is verified until this day (UTC)')
    .option('--no-paid-until', 'remove the paid-until date (refused while the plan stays paid)')
    .option('--new-email <email>', 'new e-mail address; refused (exit 2) when another account has it; tokens and sessions keep working')
    .option('--json', 'print JSON')
    .action(async (opts: UpdateOptions) => {
      const patch = patchOf(opts);
      const store = await ctx.openStore();
      const existing = await accountByEmail(store, opts.email, '--email');
      const after = { ...existing, ...patch };
      if (after.plan === 'paid' && !after.paidUntil && opts.paidUntil === false) {
        throw new UsageError('--no-paid-until: a paid plan needs a paid-until date; give --plan standard too');
      }
      checkPaidPlan(after, `--paid-until YYYY-MM-DD (${existing.email} has none yet)`);
      const changes = changesOf(existing, patch);
      // An e-mail taken by another account: the store refuses it (409 → exit 2) in the same write.
      const updated = Object.keys(changes).length === 0 ? existing : await store.accounts.update(existing.id, changes);
      if (!updated) throw new NotFoundError(`${existing.email} was removed while it was being updated`);
      warnAboutTier(ctx.io, updated, new Date(), 'plan' in changes || 'paidUntil' in changes);
      if (opts.json) printJson(ctx.io, publicAccount(updated));
      else ctx.io.stdout.write(Object.keys(changes).length === 0 ? `No change to ${updated.email}\n` : `Updated ${updated.email}: ${Object.keys(changes).join(', ')}\n`);
    });

  account
    .command('enable')
    .summary('undo disable: unexpired, unrevoked tokens and sessions work again')
    .description(
      'undo disable: the account can sign in again, and its agent tokens that are neither expired nor revoked, its unexpired web sessions and ' +
        'OAuth access tokens work again at once (a disable is a suspension, not a revocation: revoke tokens with `token revoke` before enabling if they must stay dead; ' +
        'an OAuth connection that tried to refresh while the account was disabled was revoked then and needs a new sign-in)',
    )
    .requiredOption('--email <email>', 'e-mail address')
    .option('--json', 'print JSON')
    .action(async (opts: { email: string; json?: boolean }) => {
      const store = await ctx.openStore();
      const existing = await accountByEmail(store, opts.email, '--email');
      const updated = existing.disabled ? await store.accounts.update(existing.id, { disabled: false }) : existing;
      if (!updated) throw new NotFoundError(`${existing.email} was removed while it was being enabled`);
      if (opts.json) printJson(ctx.io, publicAccount(updated));
      else ctx.io.stdout.write(existing.disabled ? `Enabled ${updated.email}\n` : `${updated.email} was not disabled; nothing changed\n`);
    });

  account
    .command('set-password')
    .summary('set a new web sign-in password (stdin); ends the web sessions')
    .description(
      'set a new web sign-in password, read from stdin (first line) or a hidden prompt, never from the command line; ' +
        'ends every web session of the account and forgets its failed sign-ins (a lockout ends); agent tokens and OAuth connections are not affected: revoke them separately',
    )
    .requiredOption('--email <email>', 'e-mail address')
    .option('--json', 'print JSON (never the password or its hash)')
    .action(async (opts: { email: string; json?: boolean }) => {
      const store = await ctx.openStore();
      // The account first, so an unknown one is refused before the password is asked for.
      const existing = await accountByEmail(store, opts.email, '--email');
      const passwordHash = await readNewPasswordHash(ctx.io);
      const updated = await store.accounts.update(existing.id, { passwordHash });
      if (!updated) throw new NotFoundError(`${existing.email} was removed while its password was being set`);
      // After the new hash is stored: a session signed in with the old password ends too.
      const webSessionsEnded = await store.webSessions.deleteForAccount(existing.id);
      // A user locked out by failed sign-ins can use the new password at once.
      await new SignInThrottle(store.attemptCounters).forgetAccount(existing.email, new Date());
      if (opts.json) printJson(ctx.io, { ...publicAccount(updated), webSessionsEnded });
      else ctx.io.stdout.write(`Set the web sign-in password of ${updated.email}; ended ${webSessionsEnded} web session${webSessionsEnded === 1 ? '' : 's'}\n`);
    });
}

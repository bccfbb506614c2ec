// rcat-server token create|list|revoke
import type { Command } from 'commander';
import { isScope, SCOPES, type Scope } from '../../shared/scopes.js';
import { AGENT_TOKEN_MAX_DAYS, AgentTokenService, describeAgentToken, MAX_ACTIVE_AGENT_TOKENS } from '../services/agent-tokens.js';
import type { AdminContext } from './context.js';
import { accountByEmail } from './domain-admin.js';
import { NotFoundError, UsageError } from './exit-codes.js';
import { printJson } from './io.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];
// Token ids are random UUIDs (src/server/services/agent-tokens.ts): anything else is a typo (exit
// 2), checked here so the JSON and PostgreSQL stores answer alike.
const TOKEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerTokenCommands(program: Command, ctx: AdminContext): void {
  const token = program.command('token').description('manage agent tokens (30-day scoped bearer tokens)');

  token
    .command('create')
    .description(`create an agent token and print it once on stdout (at most ${MAX_ACTIVE_AGENT_TOKENS} active per account)`)
    .requiredOption('--email <email>', 'account e-mail')
    .requiredOption('--scope <scope>', `scope to grant, repeatable (${SCOPES.join(', ')})`, collect)
    .option('--name <label>', 'label shown in the token list', 'operator token')
    .option('--days <n>', `lifetime in days, 1 to ${AGENT_TOKEN_MAX_DAYS}`, '30')
    .option('--json', 'print JSON (the token is in the "token" field)')
    .action(async (opts) => {
      const scopes = (opts.scope as string[]).flatMap((s) => s.split(/[ ,]+/)).filter(Boolean);
      const bad = scopes.filter((s) => !isScope(s));
      if (bad.length) throw new UsageError(`unknown scope ${bad.join(', ')}; choose from ${SCOPES.join(', ')}`);
      const days = Number(opts.days);
      if (!/^\d+$/.test(opts.days) || days < 1 || days > AGENT_TOKEN_MAX_DAYS) throw new UsageError(`--days must be a whole number from 1 to ${AGENT_TOKEN_MAX_DAYS}`);
      const store = await ctx.openStore();
      const account = await accountByEmail(store, opts.email, '--email');
      const minted = await new AgentTokenService(store.agentTokens).create({ accountId: account.id, scopes: scopes as Scope[], label: opts.name, days });
      if (opts.json) printJson(ctx.io, { token: minted.token, ...describeAgentToken(minted.record) });
      else {
        ctx.io.stdout.write(`${minted.token}\n`);
        ctx.io.stderr.write(`Token ${minted.record.id} for ${account.email}, scopes ${minted.record.scopes.join(' ')}, expires ${minted.record.expiresAt}. It is shown only once.\n`);
      }
    });

  token
    .command('list')
    .description("list an account's agent tokens, newest first (never the secrets)")
    .requiredOption('--email <email>', 'account e-mail')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const store = await ctx.openStore();
      const account = await accountByEmail(store, opts.email, '--email');
      const tokens = (await new AgentTokenService(store.agentTokens).list(account.id)).map((t) => describeAgentToken(t));
      if (opts.json) printJson(ctx.io, tokens);
      else for (const t of tokens) ctx.io.stdout.write(`${t.id}  ${t.status.padEnd(7)}  ${t.scopes.join(' ')}  expires ${t.expiresAt}  ${t.label}\n`);
    });

  token
    .command('revoke')
    .description('revoke an agent token by its id; takes effect on the next request')
    .argument('<id>', 'token id (from token list)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts) => {
      if (!TOKEN_ID.test(id)) throw new UsageError(`${JSON.stringify(id)} is not a token id (a UUID, as shown by token list)`);
      const store = await ctx.openStore();
      const revoked = await new AgentTokenService(store.agentTokens).revoke(id);
      if (!revoked) throw new NotFoundError(`no token with id ${id}`);
      if (opts.json) printJson(ctx.io, describeAgentToken(revoked));
      else ctx.io.stdout.write(`Revoked ${id}\n`);
    });
}

// rcat logout: revoke the sign-in on the server where possible (RFC 7009), then remove it from
// the keychain and the file. An agent token cannot be revoked by the CLI (it was created on the
// website); the user is told where to revoke it.
import type { Command } from 'commander';
import { deleteCredential, loadCredential, resolveServer } from '../credentials.js';
import { discoverAuthorizationServer, revokeToken } from '../oauth-client.js';
import { type Context, dateOnly, errStyle, globalOptions, say } from './common.js';

export function registerLogout(program: Command, ctx: Context): void {
  program
    .command('logout')
    .description('Sign out: revoke the OAuth sign-in on the server and remove the stored token')
    .addHelpText('after', `
Examples:
  rcat logout
  rcat logout --server https://rcat.example.org`)
    .action(async (_options: unknown, command: Command) => {
      const server = await resolveServer(globalOptions(command), ctx.io.env);
      const s = errStyle(ctx.io);
      const stored = await loadCredential(server, { ...ctx.io.env, RCAT_TOKEN: undefined });
      if (!stored) {
        say(ctx.io, `Not signed in to ${server}; nothing stored to remove.`);
      } else {
        if (stored.kind === 'oauth') {
          const endpoint = stored.revocationEndpoint ?? (await discoverAuthorizationServer(server).catch(() => undefined))?.revocation_endpoint;
          // Revoking the refresh token ends the grant; the access tokens are revoked as well in
          // case the server does not cascade (RFC 7009 section 2.1 leaves that to the server).
          const revoked = stored.refreshToken ? await revokeToken(endpoint, stored.refreshToken, 'refresh_token', stored.clientId) : false;
          await revokeToken(endpoint, stored.accessToken, 'access_token', stored.clientId);
          for (const t of Object.values(stored.resourceTokens ?? {})) await revokeToken(endpoint, t.accessToken, 'access_token', stored.clientId);
          say(ctx.io, revoked ? 'Revoked the sign-in on the server.' : s.warn('Could not revoke the sign-in on the server; it ends when its tokens expire.'));
        } else {
          say(ctx.io, `The agent token itself stays valid until ${dateOnly(stored.expiresAt)}: revoke it in your account's agent-connections page if it may have leaked.`);
        }
        const { removedFrom } = await deleteCredential(server);
        const where = removedFrom.map((w) => (w === 'keyring' ? 'the OS keychain' : 'the private file')).join(' and ');
        say(ctx.io, `Signed out of ${server}${where ? ` (removed from ${where})` : ''}.`);
      }
      if (ctx.io.env.RCAT_TOKEN) say(ctx.io, s.warn('RCAT_TOKEN is still set in this environment; unset it to stop using that token.'));
    });
}

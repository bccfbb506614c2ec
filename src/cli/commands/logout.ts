// rcat logout: revoke the sign-in on the server where possible (RFC 7009), then remove it from
// the keychain and the file. An agent token cannot be revoked by the CLI (it was created on the
// website); the user is told where to revoke it.
import { Command } from 'commander';
import type { Credential, Credentials } from '../credentials.js';
import type { Factory } from '../factory.js';
import type { HttpClient } from '../http-client.js';
import type { Io } from '../terminal.js';
import { dateOnly, errStyle, say, serverFor } from './common.js';

export interface LogoutOptions {
  io: Io;
  credentials: Credentials;
  http: HttpClient;
  server: () => Promise<string>;
}

export function logoutCommand(f: Factory, run: (opts: LogoutOptions) => Promise<void> = logoutRun): Command {
  return new Command('logout')
    .description('Sign out: revoke the OAuth sign-in on the server and remove the stored token')
    .addHelpText('after', `
Examples:
  rcat logout
  rcat logout --server https://rcat.example.org`)
    .action(async (_flags: unknown, command: Command) =>
      run({ io: f.io, credentials: await f.credentials(), http: await f.http(), server: serverFor(f, command) }));
}

/** Revokes an OAuth sign-in; true when the server confirmed the refresh token's revocation. */
async function revokeSignIn(http: HttpClient, server: string, stored: Credential): Promise<boolean> {
  const { discoverAuthorizationServer, revokeToken } = await import('../oauth-client.js');
  const endpoint = stored.revocationEndpoint ?? (await discoverAuthorizationServer(http, server).catch(() => undefined))?.revocation_endpoint;
  // Revoking the refresh token ends the grant; the access tokens are revoked as well in case
  // the server does not cascade (RFC 7009 section 2.1 leaves that to the server).
  const revoked = stored.refreshToken ? await revokeToken(http, endpoint, stored.refreshToken, 'refresh_token', stored.clientId) : false;
  await revokeToken(http, endpoint, stored.accessToken, 'access_token', stored.clientId);
  for (const t of Object.values(stored.resourceTokens ?? {})) await revokeToken(http, endpoint, t.accessToken, 'access_token', stored.clientId);
  return revoked;
}

export async function logoutRun(opts: LogoutOptions): Promise<void> {
  const { io } = opts;
  const server = await opts.server();
  const s = errStyle(io);
  const stored = await opts.credentials.load(server, { ignoreEnv: true });
  if (!stored) {
    say(io, `Not signed in to ${server}; nothing stored to remove.`);
  } else {
    if (stored.kind === 'oauth') {
      const revoked = await revokeSignIn(opts.http, server, stored);
      say(io, revoked ? 'Revoked the sign-in on the server.' : s.warn('Could not revoke the sign-in on the server; it ends when its tokens expire.'));
    } else {
      say(io, `The agent token itself stays valid until ${dateOnly(stored.expiresAt)}: revoke it in your account's agent-connections page if it may have leaked.`);
    }
    const { removedFrom } = await opts.credentials.delete(server);
    const where = removedFrom.map((w) => (w === 'keyring' ? 'the OS keychain' : 'the private file')).join(' and ');
    say(io, `Signed out of ${server}${where ? ` (removed from ${where})` : ''}.`);
  }
  if (io.env.RCAT_TOKEN) say(io, s.warn('RCAT_TOKEN is still set in this environment; unset it to stop using that token.'));
}

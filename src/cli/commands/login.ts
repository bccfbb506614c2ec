// rcat login: browser OAuth (PKCE, loopback redirect) or --with-token (agent token on stdin).
// Either way the token is checked against the server before it is saved.
import { Command, Option } from 'commander';
import { SCOPES, isScope } from '../../shared/scopes.js';
import type { WhoAmI } from '../../shared/whoami.js';
import type { Credentials, FileReason, StoredCredential } from '../credentials.js';
import { EXPIRY_WARNING_DAYS, timeLeft } from '../time-left.js';
import { CliError, authError, usageError } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import type { HttpClient } from '../http-client.js';
import { readToken } from '../read-secret.js';
import { cleanCell, type Io } from '../terminal.js';
import { dateOnly, errStyle, say, serverFor } from './common.js';

export interface LoginOptions {
  io: Io;
  credentials: Credentials;
  http: HttpClient;
  server: () => Promise<string>;
  openBrowser: (url: string) => Promise<boolean>;
  withToken: boolean;
  /** false with --no-browser: print the address instead of opening it. */
  browser: boolean;
  /** Seconds to wait for the browser's answer. */
  timeout: number;
  /** --scopes as given (comma or space separated); all scopes when absent. */
  scopes?: string;
  insecureStorage: boolean;
}

interface LoginFlags {
  withToken?: boolean;
  browser: boolean;
  timeout: number;
  scopes?: string;
  insecureStorage?: boolean;
}

function parseScopes(value: string | undefined): string[] {
  if (value === undefined) return [...SCOPES];
  const scopes = value.split(/[\s,]+/).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length || scopes.length === 0) throw usageError(`Unknown scope "${unknown[0] ?? value}"; choose from ${SCOPES.join(', ')}.`);
  return [...new Set(scopes)];
}

function parseTimeout(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 3600) throw usageError('--timeout must be a whole number of seconds from 1 to 3600.');
  return n;
}

/** Checks a token with GET /api/agent/whoami; a rejected token is exit 4 with a login-specific hint. */
async function check(http: HttpClient, server: string, token: string): Promise<WhoAmI> {
  try {
    const { ApiClient } = await import('../clients.js');
    return await new ApiClient(server, async () => token, http).whoami();
  } catch (error) {
    if (error instanceof CliError && error.kind === 'auth') {
      throw authError(`${server} did not accept this token.`, 'Check that you copied the whole token and that it has not expired or been revoked; agent tokens are created in your account\'s agent-connections page.');
    }
    throw error;
  }
}

export function describeSignIn(io: Io, server: string, who: WhoAmI, until: string | null, storedIn: string): void {
  const s = errStyle(io);
  const name = who.account.name ? ` (${cleanCell(who.account.name, 100)})` : '';
  say(io, s.ok(`Signed in to ${server} as ${cleanCell(who.account.email, 200)}${name}.`));
  say(io, `  Scopes:    ${who.token.scopes.join(', ') || '(none)'}`);
  const left = timeLeft(until);
  if (until && left) {
    const line = `  Expires:   ${dateOnly(until)} (${left.expired ? 'expired' : `${left.text} left`})`;
    say(io, left.days <= EXPIRY_WARNING_DAYS ? s.warn(`${line} — renew soon`) : line);
  }
  say(io, `  Stored in: ${storedIn}`);
}

const FILE_REASONS: Record<FileReason, string> = {
  'insecure-storage': 'chosen with --insecure-storage',
  env: 'chosen with RCAT_CREDENTIAL_STORE=file',
  'no-keychain': 'no OS keychain',
};

/** Where the token is kept; for the file, why — "no OS keychain" only when there really was none. */
export function storageLabel(storedIn: 'keyring' | 'file' | 'env', fileReason?: FileReason): string {
  if (storedIn === 'keyring') return 'the OS keychain';
  if (storedIn === 'env') return 'RCAT_TOKEN (environment)';
  return fileReason ? `a private file (${FILE_REASONS[fileReason]})` : 'a private file';
}

export function loginCommand(f: Factory, run: (opts: LoginOptions) => Promise<void> = loginRun): Command {
  return new Command('login')
    .description('Sign in: in the browser (OAuth), or with an agent token read from stdin')
    .option('--with-token', 'read an agent token from stdin (a pipe, or a hidden prompt) instead of using the browser')
    .option('--no-browser', 'print the sign-in address instead of opening a browser')
    .addOption(new Option('--timeout <seconds>', 'how long to wait for the browser').default(300).argParser(parseTimeout))
    .option('--scopes <scopes>', `permissions to ask for, comma or space separated (default: ${SCOPES.join(' ')})`)
    .option('--insecure-storage', 'store the token in the private file even if an OS keychain is available')
    .addHelpText('after', `
Examples:
  rcat login --server https://rcat.example.org      sign in in the browser
  rcat login --no-browser                           print the address to open on another device
  rcat login --with-token < token.txt               use an agent token (never pass it as an argument)
  pbpaste | rcat login --with-token

The token is kept in the OS keychain (service "rcat"); where there is none, in a file
readable only by you. RCAT_TOKEN in the environment overrides both.`)
    // A token given as an argument would be kept in shell history and shown in process lists:
    // refuse it (without echoing it) and say how to give it instead (extra arguments are let
    // through to here by program.ts).
    .action(async (flags: LoginFlags, command: Command) => {
      if (command.args.length > 0) throw tokenArgumentError(flags.withToken === true);
      await run({
      io: f.io,
      credentials: await f.credentials(),
      http: await f.http(),
      server: serverFor(f, command),
      openBrowser: f.openBrowser,
      withToken: flags.withToken === true,
      browser: flags.browser,
      timeout: flags.timeout,
      scopes: flags.scopes,
      insecureStorage: flags.insecureStorage === true,
      });
    });
}

function tokenArgumentError(withToken: boolean): CliError {
  return usageError(
    withToken
      ? 'rcat login --with-token reads the token from stdin, never from an argument (arguments stay in shell history and process lists).'
      : 'rcat login takes no arguments.',
    'Pipe the token in: rcat login --with-token < token.txt   (or run rcat login --with-token and paste it at the hidden prompt)',
  );
}

/** The browser sign-in: opens (or prints) the authorization address and waits for the answer. */
async function signInInBrowser(opts: LoginOptions, server: string, scopes: string[]): Promise<{ credential: StoredCredential; who: WhoAmI }> {
  const { io } = opts;
  // The OAuth code flow (loopback listener, PKCE) is loaded only for a browser sign-in.
  const [{ browserLogin }, { checkAuthorizationUrl }] = await Promise.all([import('../oauth-login.js'), import('../oauth-client.js')]);
  const credential = await browserLogin({
    http: opts.http,
    server,
    scopes,
    timeoutSeconds: opts.timeout,
    present: async (url) => {
      checkAuthorizationUrl(server, url); // again, before anything reaches the OS opener
      if (opts.browser && (await opts.openBrowser(url))) {
        say(io, `Opening your browser to sign in. If it does not open, visit:\n  ${url}`);
      } else {
        say(io, `Open this address in a browser to sign in (waiting up to ${opts.timeout} s):\n  ${url}`);
      }
    },
  });
  const who = await check(opts.http, server, credential.accessToken);
  credential.scopes = who.token.scopes;
  return { credential, who };
}

export async function loginRun(opts: LoginOptions): Promise<void> {
  const { io } = opts;
  const server = await opts.server();
  const scopes = parseScopes(opts.scopes);
  let credential: StoredCredential;
  let who: WhoAmI;
  if (opts.withToken) {
    const token = await readToken(io);
    who = await check(opts.http, server, token);
    credential = { kind: 'agent', accessToken: token, expiresAt: who.token.expiresAt, scopes: who.token.scopes };
  } else {
    ({ credential, who } = await signInInBrowser(opts, server, scopes));
  }
  credential.account = { email: who.account.email, ...(who.account.name ? { name: who.account.name } : {}) };
  // A keychain that cannot be reached (exit 8 elsewhere) must not stop a new sign-in, e.g. one
  // with --insecure-storage: the sign-in it held is then left as it is.
  const previous = await opts.credentials.load(server, { ignoreEnv: true }).catch((error: unknown) => {
    if (error instanceof CliError && error.kind === 'keychain') return null;
    throw error;
  });
  const saved = await opts.credentials.save(server, credential, opts.insecureStorage ? { store: 'file', fileReason: 'insecure-storage' } : {});
  // The sign-in being replaced would otherwise stay valid on the server until it lapses.
  if (previous?.kind === 'oauth' && previous.refreshToken && previous.refreshToken !== credential.refreshToken) {
    const { revokeToken } = await import('../oauth-client.js');
    await revokeToken(opts.http, previous.revocationEndpoint, previous.refreshToken, 'refresh_token', previous.clientId);
  }
  if (saved.notice) say(io, errStyle(io).warn(saved.notice));
  const until = credential.kind === 'oauth' ? (credential.refreshExpiresAt ?? null) : credential.expiresAt;
  describeSignIn(io, server, who, until, storageLabel(saved.storedIn, saved.fileReason));
  if (io.env.RCAT_TOKEN) say(io, errStyle(io).warn('Note: RCAT_TOKEN is set in this environment and overrides the stored sign-in.'));
}

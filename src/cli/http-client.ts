// Every HTTP request the CLI makes goes through here (REST, OAuth token/revocation, /mcp).
//
//   corporate networks: undici's EnvHttpProxyAgent honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY
//                       (and lower-case forms); extra CA certificates come from
//                       NODE_EXTRA_CA_CERTS (Node adds them to its default store) and
//                       RCAT_CA_FILE (a PEM bundle added on top of the system roots).
//   timeouts:           connect 10 s; headers and body RCAT_TIMEOUT seconds (default 30).
//   redirects:          never followed: a bearer token must not travel to another URL.
//
// API (HttpClient, one per run, configured from that run's environment):
//   requestJson(url, {method?, headers?, form?, action})
//        → {status, headers, body}          network failure → CliError 'unavailable' (exit 7)
//   getValidated(url, schema, {token, action})
//        → parsed body; non-2xx → fromHttpFailure (exit-codes.ts); wrong shape → exit 1
//   fetch: a fetch-compatible function over the same dispatcher, for the MCP SDK transport.
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { CliError, fromHttpFailure, safeText } from './exit-codes.js';

type Undici = typeof import('undici');
let undiciModule: Promise<Undici> | undefined;

export function loadUndici(): Promise<Undici> {
  undiciModule ??= import('undici');
  return undiciModule;
}

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.RCAT_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 30_000;
}

/** CA list when RCAT_CA_FILE is set (giving `ca` replaces Node's defaults, so re-add them). */
function extraCa(env: NodeJS.ProcessEnv): string[] | undefined {
  const file = env.RCAT_CA_FILE;
  if (!file) return undefined;
  const read = (f: string) => {
    try {
      return readFileSync(f, 'utf8');
    } catch (error) {
      throw new CliError('usage', `Cannot read the CA file ${f}: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`);
    }
  };
  const ca = [...tls.rootCertificates, read(file)];
  if (env.NODE_EXTRA_CA_CERTS) ca.push(read(env.NODE_EXTRA_CA_CERTS));
  return ca;
}

/** The proxy settings as curl and undici read them (lower-case first); '' when unset. */
export function proxySettings(env: NodeJS.ProcessEnv): { httpProxy: string; httpsProxy: string; noProxy: string } {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  return { httpProxy, httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy, noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

function networkFailure(url: string, error: unknown): CliError {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as NodeJS.ErrnoException)?.code;
  const what = code ? `${code}` : safeText(cause?.message ?? (error as Error)?.message ?? String(error), 200);
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch { /* keep as given */ }
  const tlsHint = code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
    ? 'The server certificate is not trusted: set RCAT_CA_FILE (or NODE_EXTRA_CA_CERTS) to your organisation\'s CA bundle.'
    : 'Check the server address, your network, and HTTPS_PROXY / NO_PROXY if you are behind a proxy.';
  return new CliError('unavailable', `Cannot reach ${origin} (${what}).`, { hint: tlsHint, cause: error });
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** application/x-www-form-urlencoded body (OAuth token and revocation endpoints). */
  form?: Record<string, string | string[]>;
  /** What is being done, for messages ("search", "token refresh"). */
  action: string;
}

/**
 * The HTTP client of one CLI run, configured from its environment (proxy, CA, timeouts). The
 * connection pool is made on first use; close() releases it so the process can exit promptly.
 */
export class HttpClient {
  private pool: Promise<Dispatcher> | undefined;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** Whether requests may go through a proxy (HTTPS_PROXY / HTTP_PROXY), for messages. */
  get proxied(): boolean {
    return proxySettings(this.env).httpsProxy !== '';
  }

  dispatcher(): Promise<Dispatcher> {
    this.pool ??= loadUndici().then(({ EnvHttpProxyAgent }) => {
      const ca = extraCa(this.env);
      const t = timeoutMs(this.env);
      const tls = ca ? { ca } : {};
      // Through a proxy the TLS session to the server is `requestTls` (and to an HTTPS proxy,
      // `proxyTls`); without one it is `connect`. The extra CAs must reach all three.
      const options = {
        ...proxySettings(this.env),
        connect: { timeout: 10_000, ...tls },
        requestTls: { timeout: 10_000, ...tls },
        proxyTls: { timeout: 10_000, ...tls },
        headersTimeout: t,
        bodyTimeout: t,
      };
      return new EnvHttpProxyAgent(options as ConstructorParameters<typeof EnvHttpProxyAgent>[0]);
    });
    return this.pool;
  }

  /** Closes pooled connections. */
  async close(): Promise<void> {
    if (!this.pool) return;
    const d = await this.pool.catch(() => undefined);
    this.pool = undefined;
    await d?.close().catch(() => undefined);
  }

  async requestJson(url: string, options: RequestOptions): Promise<HttpAnswer> {
    const { fetch } = await loadUndici();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    let res;
    try {
      res = await fetch(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual', dispatcher: await this.dispatcher() });
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw networkFailure(url, error);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw networkFailure(url, error);
    }
    return { status: res.status, headers: res.headers as unknown as Headers, body: parseJson(text) };
  }

  /** GET with a bearer token; validates the 2xx body with a shared schema. */
  async getValidated<S extends z.ZodType>(url: string, schema: S, options: { token: string; action: string }): Promise<z.infer<S>> {
    const answer = await this.requestJson(url, { headers: { authorization: `Bearer ${options.token}` }, action: options.action });
    if (answer.status < 200 || answer.status >= 300) {
      throw fromHttpFailure({ status: answer.status, headers: answer.headers, body: answer.body, action: options.action });
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new CliError('error', `The server's answer to ${options.action} does not have the documented shape.`, {
        hint: 'Is --server pointing at an rcat server? Try `rcat status`.',
      });
    }
    return parsed.data;
  }

  /** fetch for the MCP SDK's StreamableHTTPClientTransport: same proxy, CA and timeouts. */
  readonly fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const { fetch } = await loadUndici();
    try {
      const res = await fetch(input, { ...(init as object), redirect: 'manual', dispatcher: await this.dispatcher() } as never);
      return res as unknown as Response;
    } catch (error) {
      throw networkFailure(String(input), error);
    }
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

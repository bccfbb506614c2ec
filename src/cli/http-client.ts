// Every HTTP request the CLI makes goes through here (REST, OAuth token/revocation, /mcp).
//
//   transport:          node:http(s) directly (http-node.ts); through a proxy, undici's
//                       EnvHttpProxyAgent (http-proxy.ts, loaded only then), which honours
//                       HTTPS_PROXY / HTTP_PROXY / NO_PROXY (and lower-case forms).
//   CA certificates:    extra CA certificates come from
//                       NODE_EXTRA_CA_CERTS (Node adds them to its default store) and
//                       RCAT_CA_FILE (a PEM bundle added on top of the system roots).
//   timeouts:           connect 10 s; headers and body RCAT_TIMEOUT seconds (default 30).
//   redirects:          never followed: a bearer token must not travel to another URL.
//
// API (HttpClient, one per run, configured from that run's environment):
//   requestJson(url, {method?, headers?, form?, action})
//        → {status, headers, body}          network failure → CliError 'unavailable' (exit 7)
//   getValidated(url, shape, {token, action})
//        → parsed body; non-2xx → fromHttpFailure (http-failure.ts); wrong shape → exit 1
//   fetch: a fetch-compatible function over the same connections, for the MCP SDK transport
//        and the bridge.
import { readFileSync } from 'node:fs';
import type { AnswerShape } from './answer-shapes.js';
import { CliError, safeText } from './exit-codes.js';
import { type Answer, NodeHttp, type NodeHttpOptions, type SendOptions } from './http-node.js';
import type { ProxySettings } from './http-proxy.js';

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.RCAT_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 30_000;
}

/** CA list when RCAT_CA_FILE is set (giving `ca` replaces Node's defaults, so re-add them). */
async function extraCa(env: NodeJS.ProcessEnv): Promise<string[] | undefined> {
  const file = env.RCAT_CA_FILE;
  if (!file) return undefined;
  const read = (f: string) => {
    try {
      return readFileSync(f, 'utf8');
    } catch (error) {
      throw new CliError('usage', `Cannot read the CA file ${f}: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`);
    }
  };
  const { rootCertificates } = await import('node:tls');
  const ca = [...rootCertificates, read(file)];
  if (env.NODE_EXTRA_CA_CERTS) ca.push(read(env.NODE_EXTRA_CA_CERTS));
  return ca;
}

/** The proxy settings as curl and undici read them (lower-case first); '' when unset. */
export function proxySettings(env: NodeJS.ProcessEnv): ProxySettings {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  return { httpProxy, httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy, noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

interface Transport {
  send(url: string, options: SendOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** Statuses whose Response must not have a body (Fetch standard, "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function toHeaders(raw: Answer['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function plainHeaders(init: RequestInit['headers']): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers) return Object.fromEntries(init.entries());
  if (Array.isArray(init)) return Object.fromEntries(init);
  return { ...(init as Record<string, string>) };
}

/**
 * A Node stream as a web ReadableStream, pull by pull. (Node 20's Readable.toWeb throws an
 * uncaught "Controller is already closed" when data arrives after the web stream was
 * cancelled, as the MCP SDK does for bodies it does not read.)
 */
function webBody(readable: Answer['body']): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (cancelled) return;
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (!cancelled) controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        readable.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads a whole (small) body as text. */
async function readText(body: Answer['body']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** One header of a raw answer, as Headers.get gives it. */
function headerGetter(raw: Answer['headers']): { get(name: string): string | null } {
  return {
    get(name: string) {
      const value = raw[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** A network failure as the CLI reports it: exit 7, with what to check. */
export function networkFailure(url: string, error: unknown): CliError {
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
  headers: { get(name: string): string | null };
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
 * transport is made on first use: node:http(s) directly, or undici when a proxy is configured;
 * close() releases its connections so the process can exit promptly.
 */
export class HttpClient {
  private transport: Promise<Transport> | undefined;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** Whether requests may go through a proxy (HTTPS_PROXY / HTTP_PROXY), for messages. */
  get proxied(): boolean {
    return proxySettings(this.env).httpsProxy !== '';
  }

  private connect(): Promise<Transport> {
    this.transport ??= (async () => {
      const options: NodeHttpOptions = { timeoutMs: timeoutMs(this.env), ca: await extraCa(this.env) };
      if (!this.proxied) return new NodeHttp(options);
      const { createProxyHttp } = await import('./http-proxy.js');
      return createProxyHttp(proxySettings(this.env), options);
    })();
    return this.transport;
  }

  /** Closes pooled connections. */
  async close(): Promise<void> {
    if (!this.transport) return;
    const transport = await this.transport.catch(() => undefined);
    this.transport = undefined;
    await transport?.close();
  }

  async requestJson(url: string, options: RequestOptions): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const transport = await this.connect();
    try {
      const answer = await transport.send(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
      const text = await readText(answer.body);
      return { status: answer.status, headers: headerGetter(answer.headers), body: parseJson(text) };
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw networkFailure(url, error);
    }
  }

  /** GET with a bearer token; validates the 2xx body with a shared schema's shape (./answer-shapes.ts). */
  async getValidated<T>(url: string, shape: AnswerShape<T>, options: { token: string; action: string }): Promise<T> {
    const answer = await this.requestJson(url, { headers: { authorization: `Bearer ${options.token}` }, action: options.action });
    if (answer.status < 200 || answer.status >= 300) {
      // Loaded here: its problem-details schema loads zod, which `rcat mcp` does without.
      const { fromHttpFailure } = await import('./http-failure.js');
      throw fromHttpFailure({ status: answer.status, headers: answer.headers, body: answer.body, action: options.action });
    }
    const read = shape.read(answer.body);
    if (read !== undefined) return read;
    const parsed = (await shape.schema()).safeParse(answer.body);
    if (!parsed.success) {
      throw new CliError('error', `The server's answer to ${options.action} does not have the documented shape.`, {
        hint: 'Is --server pointing at an rcat server? Try `rcat status`.',
      });
    }
    return parsed.data;
  }

  /**
   * One request over the same connections, answered without a Web Response (cheaper to start:
   * the bridge's requests answered in JSON use it). Network failures reject as the socket error.
   */
  readonly send = async (url: string, options: SendOptions): Promise<Answer> => (await this.connect()).send(url, options);

  /**
   * fetch for the MCP SDK's StreamableHTTPClientTransport and the bridge: same proxy, CA and
   * timeouts; the Response streams the body as it arrives. Network failures reject as the
   * socket error (its `code` says what happened).
   */
  readonly fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const answer = await this.send(String(input), {
      method,
      headers: plainHeaders(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    });
    return responseFromAnswer(answer, method);
  };
}

/** An answer as fetch gives it: a Response streaming the body as it arrives. */
export function responseFromAnswer(answer: Answer, method: string): Response {
  // A body destroyed after its reader went away (the SDK closes each transport) must not
  // become an unhandled 'error' event.
  answer.body.on('error', () => {});
  const headers = toHeaders(answer.headers);
  if (NULL_BODY.has(answer.status) || method === 'HEAD') {
    answer.body.resume();
    return new Response(null, { status: answer.status, headers });
  }
  return new Response(webBody(answer.body), { status: answer.status, headers });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

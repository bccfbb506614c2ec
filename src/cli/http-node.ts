// HTTP without a proxy: node:http / node:https with keep-alive agents. The proxy-capable client
// (undici, http-proxy.ts) is loaded only when HTTPS_PROXY / HTTP_PROXY is set: it costs more to
// load than a whole `rcat search` takes otherwise (docs/benchmarks.md, CLI cold start).
//
//   timeouts:  connect 10 s (ETIMEDOUT); then the socket may stay silent at most `timeoutMs`
//              while waiting for the answer's headers (HEADERS_TIMEOUT) or its body
//              (BODY_TIMEOUT), the same two limits the proxy client applies.
//   redirects: never followed (a bearer token must not travel to another URL).
import type http from 'node:http';
import type https from 'node:https';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

export interface NodeHttpOptions {
  timeoutMs: number;
  /** Replaces the default CA list when set (RCAT_CA_FILE). */
  ca?: string[];
}

export interface SendOptions {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

const CONNECT_TIMEOUT_MS = 10_000;

// Loaded with require, not `import`: an ES import of node:http makes Node build its ES module
// facade, which reads every export, including getters that load Node's internal copy of undici
// (about 25 ms of a cold start on Node 22).
const requireBuiltin = createRequire(import.meta.url);
const { Agent, request: httpRequest } = requireBuiltin('node:http') as typeof http;

function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** One answer, headers received, body still to read (the same shape from both transports). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export class NodeHttp {
  private readonly plain = new Agent({ keepAlive: true });
  /** node:https (and TLS under it) is loaded for the first https:// request only. */
  private secure: Promise<{ https: typeof https; agent: https.Agent }> | undefined;

  constructor(private readonly options: NodeHttpOptions) {}

  private tls() {
    if (!this.secure) {
      const https = requireBuiltin('node:https') as typeof import('node:https');
      this.secure = Promise.resolve({ https, agent: new https.Agent({ keepAlive: true, ...(this.options.ca ? { ca: this.options.ca } : {}) }) });
    }
    return this.secure;
  }

  /** Sends one request; resolves with the answer once its headers have arrived. */
  async send(url: string, options: SendOptions): Promise<Answer> {
    const target = new URL(url);
    const secure = target.protocol === 'https:' ? await this.tls() : undefined;
    return new Promise<Answer>((resolve, reject) => {
      if (options.signal?.aborted) return reject(options.signal.reason);
      const request = (secure?.https.request ?? httpRequest)(target, { method: options.method, headers: options.headers, agent: secure?.agent ?? this.plain });
      const connectTimer = setTimeout(() => request.destroy(coded(`connecting to ${target.origin} timed out`, 'ETIMEDOUT')), CONNECT_TIMEOUT_MS);
      const onAbort = () => request.destroy(options.signal!.reason as Error);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      request.on('socket', (socket) => {
        // A reused keep-alive socket is already connected.
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      request.setTimeout(this.options.timeoutMs, () => request.destroy(coded(`no answer from ${target.origin} within ${this.options.timeoutMs / 1000} s`, 'HEADERS_TIMEOUT')));
      request.on('error', (error) => {
        clearTimeout(connectTimer);
        options.signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      request.on('response', (response) => {
        clearTimeout(connectTimer);
        request.setTimeout(0);
        response.setTimeout(this.options.timeoutMs, () => response.destroy(coded(`the answer from ${target.origin} stalled`, 'BODY_TIMEOUT')));
        response.once('close', () => options.signal?.removeEventListener('abort', onAbort));
        resolve({ status: response.statusCode ?? 502, headers: response.headers, body: response });
      });
      request.end(options.body);
    });
  }

  async close(): Promise<void> {
    this.plain.destroy();
    if (this.secure) (await this.secure).agent.destroy();
  }
}

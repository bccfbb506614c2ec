// HTTP without a proxy: node:http / node:https with keep-alive agents. The proxy-capable client
// (undici, http-proxy.ts) is loaded only when HTTPS_PROXY / HTTP_PROXY is set: it costs more to
// load than a whole `rcat search` takes otherwise (docs/benchmarks.md, CLI cold start).
//
//   timeouts:  connect 10 s (ETIMEDOUT); then the socket may stay silent at most `timeoutMs`
//              while waiting for the answer's headers (HEADERS_TIMEOUT) or its body
//              (BODY_TIMEOUT), the same two limits the proxy client applies.
//   redirects: never followed (a bearer token must not travel to another URL).
import http from 'node:http';
import https from 'node:https';
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
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: NodeHttpOptions) {
    this.agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) }) };
  }

  /** Sends one request; resolves with the answer once its headers have arrived. */
  send(url: string, options: SendOptions): Promise<Answer> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    return new Promise<Answer>((resolve, reject) => {
      if (options.signal?.aborted) return reject(options.signal.reason);
      const request = (secure ? https : http).request(target, { method: options.method, headers: options.headers, agent: secure ? this.agents.https : this.agents.http });
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
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

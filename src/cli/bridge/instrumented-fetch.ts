// The fetch each bridge transport uses: adds the bearer token, ties the HTTP exchange to the
// caller's AbortSignal (cancel, timeout), and keeps what went wrong in words (status,
// Retry-After, scope, network error) that the SDK transport would otherwise flatten to a string.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Answer, SendOptions } from '../http-node.js';
import { failureFromNetworkError, failureFromResponse, type UpstreamFailure } from './upstream-failure.js';

export interface ExchangeTarget {
  /** The remote /mcp URL. */
  url: URL;
  /** fetch through the CLI's dispatcher (proxy, CA certificates). */
  fetch: FetchLike;
  /** The same connections without a Web Response, for requests posted directly (direct-post.ts). */
  send?: (url: string, options: SendOptions) => Promise<Answer>;
  /** Bearer token, or null when not signed in (the server then answers 401). */
  token: string | null;
  /** Requests may go through a proxy (HTTPS_PROXY / HTTP_PROXY): said when the server is unreachable. */
  proxied?: boolean;
  /** The MCP-Protocol-Version negotiated by initialize (MCP 2025-11-25, transports section). */
  protocolVersion?: string;
}

/** Largest error body read for a message (the rest is discarded). */
const MAX_ERROR_BODY = 16 * 1024;

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_ERROR_BODY) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that breaks off still leaves the status code to go by.
  } finally {
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ERROR_BODY);
}

/** Passes a body through unchanged, reports when it ends or breaks, and can be stopped. */
function watchBody(body: ReadableStream<Uint8Array>, onEnd: (error?: unknown) => void): { stream: ReadableStream<Uint8Array>; stop(): void } {
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          onEnd();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        onEnd(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { stream, stop: () => void reader.cancel().catch(() => {}) };
}

export interface InstrumentedFetch {
  fetch: FetchLike;
  /** Why the last HTTP exchange failed, if it did (not set when the caller aborted). */
  failure(): UpstreamFailure | undefined;
  /** Whether a POST was answered with an SSE stream (its answer is still to come). */
  streaming(): boolean;
  /** Stops reading an SSE answer stream (the answer arrived, or the caller gave up). */
  stopStream(): void;
}

/**
 * @param signal aborts every exchange made through this fetch.
 * @param onStreamEnd called when a POST's SSE stream ends (error undefined) or breaks.
 * @param followTransport also honour the SDK transport's own signal (its close()); only the
 *   long-lived listening transport needs it. Per-request exchanges are ended through `signal`
 *   and stopStream(), which spares an AbortSignal.any and an abort per call (both costly in
 *   Node 20, and on the latency path of every tool call).
 */
export function instrumentFetch(
  target: ExchangeTarget,
  signal: AbortSignal,
  onStreamEnd: (error?: unknown) => void,
  followTransport = false,
): InstrumentedFetch {
  const server = target.url.href;
  let failure: UpstreamFailure | undefined;
  let streaming = false;
  let stopStream = () => {};
  const fetch: FetchLike = async (url, init) => {
    const headers = new Headers(init?.headers);
    if (target.token) headers.set('authorization', `Bearer ${target.token}`);
    const combined = followTransport && init?.signal ? AbortSignal.any([init.signal, signal]) : signal;
    let response: Response;
    try {
      response = await target.fetch(url, { ...init, headers, signal: combined });
    } catch (error) {
      if (!signal.aborted) failure = failureFromNetworkError(server, error, target.proxied);
      throw error;
    }
    if (!response.ok && !(response.status >= 300 && response.status < 400)) {
      // A GET for the optional listening stream may be refused (405); that is no failure.
      if (init?.method === 'GET') return response;
      const body = await readBounded(response);
      failure = failureFromResponse(server, response, body, target.token !== null);
      return new Response(body, { status: response.status, headers: response.headers });
    }
    const type = response.headers.get('content-type') ?? '';
    if (init?.method === 'POST' && response.body && type.toLowerCase().startsWith('text/event-stream')) {
      streaming = true;
      const watched = watchBody(response.body, onStreamEnd);
      stopStream = watched.stop;
      return new Response(watched.stream, { status: response.status, headers: response.headers });
    }
    return response;
  };
  return { fetch, failure: () => failure, streaming: () => streaming, stopStream: () => stopStream() };
}

// A fetch for the SDK transport built on undici's `request()` over the CLI's shared dispatcher
// (src/cli/http-client.ts: HTTPS_PROXY/NO_PROXY, RCAT_CA_FILE/NODE_EXTRA_CA_CERTS, timeouts).
// undici's WHATWG fetch costs several times more per call than `request()` (measured in
// bench/bridge.bench.ts's run notes), and the bridge sits on the latency path of every tool
// call; only a Response is needed, so the spec machinery of fetch is skipped.
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Dispatcher } from 'undici';
import { type HttpClient, loadUndici } from '../http-client.js';

/** Statuses whose Response must not have a body (Fetch standard, "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function plainHeaders(init: RequestInit['headers']): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers) return Object.fromEntries(init.entries());
  if (Array.isArray(init)) return Object.fromEntries(init);
  return { ...(init as Record<string, string>) };
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * A Node stream as a web ReadableStream, pull by pull. (Node 20's Readable.toWeb throws an
 * uncaught "Controller is already closed" when data arrives after the web stream was
 * cancelled, as the SDK does for bodies it does not read.)
 */
function webBody(readable: Readable): ReadableStream<Uint8Array> {
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

export function dispatcherFetch(http: HttpClient): FetchLike {
  return async (input, init) => {
    const { request } = await loadUndici();
    const method = (init?.method ?? 'GET').toUpperCase();
    const answer = await request(String(input), {
      method: method as Dispatcher.HttpMethod,
      headers: plainHeaders(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
      dispatcher: await http.dispatcher(),
    });
    // Aborting a finished exchange (the SDK closes each transport) makes undici destroy the
    // body with an error; it is reported through the reader when one is reading, and must not
    // become an unhandled 'error' event when none is.
    answer.body.on('error', () => {});
    const status = answer.statusCode;
    if (NULL_BODY.has(status) || method === 'HEAD') {
      answer.body.resume();
      return new Response(null, { status, headers: toHeaders(answer.headers) });
    }
    return new Response(webBody(answer.body), { status, headers: toHeaders(answer.headers) });
  };
}

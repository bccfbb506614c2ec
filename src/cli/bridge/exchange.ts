// One JSON-RPC message over one StreamableHTTPClientTransport. A fresh transport per request
// gives every request its own HTTP exchange: cancelling it (transport.close) aborts exactly
// that POST, and an answer that never comes is noticed when its SSE stream ends, so no request
// can hang on a dead stream (mcp-remote's "stale session" hangs).
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
} from '@modelcontextprotocol/sdk/types.js';
import { type ExchangeTarget, instrumentFetch } from './instrumented-fetch.js';
import { failureFromNetworkError, UpstreamFailure } from './upstream-failure.js';

export type { ExchangeTarget } from './instrumented-fetch.js';
export type JsonRpcAnswer = JSONRPCResultResponse | JSONRPCErrorResponse;

function unreadable(server: string, error: unknown): UpstreamFailure {
  return new UpstreamFailure(`The rcat server at ${server} sent an answer the bridge cannot read: ${(error as Error)?.message ?? String(error)}`, {
    kind: 'bad_answer',
    server,
  });
}

/**
 * Posts `message` and resolves with the server's answer to it. Other messages the server sends
 * on the same stream (progress, logging, its own requests) go to `onOther`. Rejects with an
 * UpstreamFailure, or with `signal.reason` when the caller aborts (cancel, timeout).
 */
export function exchangeRequest(
  target: ExchangeTarget,
  message: JSONRPCRequest,
  signal: AbortSignal,
  onOther: (message: JSONRPCMessage) => void,
): Promise<JsonRpcAnswer> {
  const server = target.url.href;
  return new Promise<JsonRpcAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let settled = false;
    // The SSE parser downstream of the body watcher handles the last events in microtasks; a
    // macrotask later, an unanswered request has really been left without an answer.
    const onStreamEnd = (error?: unknown) =>
      setImmediate(() =>
        settle(() =>
          reject(
            error
              ? failureFromNetworkError(server, error, target.proxied)
              : new UpstreamFailure(`The rcat server at ${server} closed the stream without answering.`, { kind: 'server_error', server }),
          ),
        ),
      );
    const http = instrumentFetch(target, signal, onStreamEnd);
    const transport = new StreamableHTTPClientTransport(target.url, { fetch: http.fetch });
    if (target.protocolVersion) transport.setProtocolVersion(target.protocolVersion);

    function settle(outcome: () => void, answered = false) {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outcome();
      // A JSON answer leaves nothing open. Otherwise stop the stream and the transport (which
      // may have scheduled an SSE resumption).
      if (answered && !http.streaming()) return;
      http.stopStream();
      transport.close().catch(() => {});
    }
    const onAbort = () => settle(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });

    transport.onmessage = (incoming) => {
      // The transport has validated the message; a structural test avoids a second zod pass
      // over what may be a large result.
      if (!('method' in incoming) && 'id' in incoming && incoming.id === message.id) {
        settle(() => resolve(incoming as JsonRpcAnswer), true);
      } else if (!settled) onOther(incoming);
    };
    // Failures arrive through send()'s rejection or the stream watcher.
    transport.onerror = () => {};

    transport
      .start()
      .then(() => transport.send(message))
      .then(
        () => {
          // A JSON answer was delivered before send() resolved; an SSE answer is still coming.
          if (!http.streaming()) {
            settle(() => reject(new UpstreamFailure(`The rcat server at ${server} accepted the request but sent no answer.`, { kind: 'bad_answer', server })));
          }
        },
        (error: unknown) => settle(() => reject(signal.aborted ? signal.reason : (http.failure() ?? unreadable(server, error)))),
      );
  });
}

/**
 * Posts a notification or a response (no answer expected: 202 Accepted). With `listen`, the
 * transport stays open afterwards so the SDK can open the optional GET stream for messages
 * the server sends on its own (it does so after `notifications/initialized`); the caller
 * closes it. Rejects with an UpstreamFailure.
 */
export async function postOneWay(
  target: ExchangeTarget,
  message: JSONRPCMessage,
  signal: AbortSignal,
  listen?: (message: JSONRPCMessage) => void,
): Promise<StreamableHTTPClientTransport | undefined> {
  const http = instrumentFetch(target, signal, () => {}, listen !== undefined);
  const transport = new StreamableHTTPClientTransport(target.url, { fetch: http.fetch });
  if (target.protocolVersion) transport.setProtocolVersion(target.protocolVersion);
  transport.onmessage = (incoming) => listen?.(incoming);
  transport.onerror = () => {};
  try {
    await transport.start();
    await transport.send(message);
  } catch (error) {
    await transport.close();
    throw signal.aborted ? signal.reason : (http.failure() ?? unreadable(target.url.href, error));
  }
  if (listen) return transport;
  await transport.close();
  return undefined;
}

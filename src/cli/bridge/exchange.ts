// One JSON-RPC message, one HTTP exchange. A request is posted directly (direct-post.ts); a
// JSON answer is read there, anything else by a StreamableHTTPClientTransport made for this
// exchange alone (the SDK is loaded then, not at start-up). A fresh exchange per request means
// cancelling it aborts exactly that POST, and an answer that never comes is noticed when its
// SSE stream ends, so no request can hang on a dead stream (mcp-remote's "stale session" hangs).
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCRequest,
  JSONRPCResultResponse,
} from '@modelcontextprotocol/sdk/types.js';
import { responseFromAnswer } from '../http-client.js';
import type { Answer } from '../http-node.js';
import { postDirect, unreadable } from './direct-post.js';
import { type ExchangeTarget, instrumentFetch } from './instrumented-fetch.js';
import { failureFromNetworkError, UpstreamFailure } from './upstream-failure.js';

export type { ExchangeTarget } from './instrumented-fetch.js';
export type JsonRpcAnswer = JSONRPCResultResponse | JSONRPCErrorResponse;

/** The SDK's client transport, loaded on first use. */
async function sdkTransport(url: URL, fetch: FetchLike, protocolVersion?: string): Promise<StreamableHTTPClientTransport> {
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const transport = new StreamableHTTPClientTransport(url, { fetch });
  if (protocolVersion) transport.setProtocolVersion(protocolVersion);
  return transport;
}

/** A fetch whose first call gives the answer already received; later ones (a redirect) go out. */
function answered(answer: Answer, fetch: FetchLike): FetchLike {
  let first: Answer | undefined = answer;
  return async (url, init) => {
    if (!first) return fetch(url, init);
    const response = responseFromAnswer(first, 'POST');
    first = undefined;
    return response;
  };
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
    /** Set once the SDK reads the answer: ends its stream and transport when settled. */
    let finish: ((answered: boolean) => void) | undefined;
    function settle(outcome: () => void, answered = false) {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outcome();
      finish?.(answered);
    }
    const onAbort = () => settle(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    const deliver = (incoming: JSONRPCMessage) => {
      // The message has been validated; a structural test avoids a second pass over what may
      // be a large result.
      if (!('method' in incoming) && 'id' in incoming && incoming.id === message.id) {
        settle(() => resolve(incoming as JsonRpcAnswer), true);
      } else if (!settled) onOther(incoming);
    };
    const noAnswer = () => settle(() => reject(new UpstreamFailure(`The rcat server at ${server} accepted the request but sent no answer.`, { kind: 'bad_answer', server })));

    const viaSdk = (fetch: FetchLike, unread?: Answer) => {
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
      const http = instrumentFetch({ ...target, fetch }, signal, onStreamEnd);
      sdkTransport(target.url, http.fetch, target.protocolVersion).then((transport) => {
        // A JSON answer leaves nothing open. Otherwise stop the stream and the transport (which
        // may have scheduled an SSE resumption).
        finish = (answered) => {
          if (answered && !http.streaming()) return;
          http.stopStream();
          transport.close().catch(() => {});
        };
        if (settled) {
          unread?.body.on('error', () => {}).destroy();
          return finish(false);
        }
        transport.onmessage = deliver;
        // Failures arrive through send()'s rejection or the stream watcher.
        transport.onerror = () => {};
        transport
          .start()
          .then(() => transport.send(message))
          .then(
            // A JSON answer was delivered before send() resolved; an SSE answer is still coming.
            () => !http.streaming() && noAnswer(),
            (error: unknown) => settle(() => reject(signal.aborted ? signal.reason : (http.failure() ?? unreadable(server, error)))),
          );
      }, (error: unknown) => settle(() => reject(error)));
    };

    if (!target.send) return viaSdk(target.fetch);
    postDirect({ ...target, send: target.send }, message, signal).then(
      (outcome) => {
        if (outcome.kind === 'answer') {
          if (!settled) return viaSdk(answered(outcome.answer, target.fetch), outcome.answer);
          return void outcome.answer.body.on('error', () => {}).destroy();
        }
        for (const incoming of outcome.messages) deliver(incoming);
        noAnswer();
      },
      (error: unknown) => settle(() => reject(error)),
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
  const transport = await sdkTransport(target.url, http.fetch, target.protocolVersion);
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

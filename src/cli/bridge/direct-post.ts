// A request to the remote /mcp posted without the SDK's transport: what its StreamableHTTP
// client would send (the same headers, as instrumentFetch and HttpClient.fetch pass them on),
// and, when the answer is a 200 in JSON (what the rcat server sends), the messages the SDK's
// transport would deliver, read without loading the SDK or building a Web Response. Any other
// answer (an SSE stream, an error status, a redirect, another content type) is handed back,
// headers received and body unread, for the SDK's transport to read as it always has
// (exchange.ts), so the bridge's behaviour does not depend on which path read the answer.
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Answer } from '../http-node.js';
import type { ExchangeTarget } from './instrumented-fetch.js';
import { parseMessage } from './jsonrpc.js';
import { failureFromNetworkError, UpstreamFailure } from './upstream-failure.js';

export type DirectOutcome = { kind: 'messages'; messages: JSONRPCMessage[] } | { kind: 'answer'; answer: Answer };

/** `application/json`, alone or with a UTF-8 charset: what the SDK's transport reads as JSON. */
const PLAIN_JSON = /^application\/json[ \t]*(;[ \t]*charset=(utf-8|"utf-8")[ \t]*)?$/i;

/** The headers the SDK's transport sends, as HttpClient.fetch receives them (Headers: lower case, by name). */
function postHeaders(target: ExchangeTarget): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  headers['content-type'] = 'application/json';
  if (target.protocolVersion) headers['mcp-protocol-version'] = target.protocolVersion;
  return headers;
}

/** The whole body, decoded as Response.json() decodes it (UTF-8, a leading BOM dropped). */
async function bodyText(answer: Answer): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function unreadable(server: string, error: unknown): UpstreamFailure {
  return new UpstreamFailure(`The rcat server at ${server} sent an answer the bridge cannot read: ${(error as Error)?.message ?? String(error)}`, {
    kind: 'bad_answer',
    server,
  });
}

/**
 * Posts `message`. Resolves with the messages of a 200 JSON answer, or with the answer itself
 * for the SDK to read. Rejects with an UpstreamFailure (unreachable, unreadable answer), or with
 * `signal.reason` once aborted.
 */
export async function postDirect(target: ExchangeTarget & { send: NonNullable<ExchangeTarget['send']> }, message: JSONRPCRequest, signal: AbortSignal): Promise<DirectOutcome> {
  const server = target.url.href;
  let answer: Answer;
  try {
    answer = await target.send(target.url.href, { method: 'POST', headers: postHeaders(target), body: JSON.stringify(message), signal });
  } catch (error) {
    throw signal.aborted ? signal.reason : failureFromNetworkError(server, error, target.proxied);
  }
  const type = answer.headers['content-type'];
  if (answer.status !== 200 || typeof type !== 'string' || !PLAIN_JSON.test(type.trim())) return { kind: 'answer', answer };
  try {
    const data: unknown = JSON.parse(await bodyText(answer));
    // As the SDK's transport: every message checked before any is delivered.
    const messages: JSONRPCMessage[] = [];
    for (const one of Array.isArray(data) ? data : [data]) messages.push(await parseMessage(one));
    return { kind: 'messages', messages };
  } catch (error) {
    throw signal.aborted ? signal.reason : unreadable(server, error);
  }
}

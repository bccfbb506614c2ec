// Why a remote /mcp exchange failed, in words a researcher can act on, and whether the bridge
// may retry the same JSON-RPC message on the next server (issue 7 "Failover": connection
// failures and 5xx move on; 4xx answers do not, because another host would say the same).
import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from './jsonrpc.js';
import { rateLimitSentence } from '../../shared/rate-limit-text.js';
import { safeText } from '../exit-codes.js';

export type FailureKind =
  | 'not_signed_in'
  | 'token_rejected'
  | 'insufficient_scope'
  | 'forbidden'
  | 'rate_limited'
  | 'server_error'
  | 'unreachable'
  | 'timeout'
  | 'bad_answer'
  | 'client_error';

/**
 * JSON-RPC error codes the bridge answers with. -32000..-32099 is the range JSON-RPC 2.0
 * (section 5.1) leaves to implementations; -32001 is the SDK's own RequestTimeout.
 */
export const BRIDGE_ERROR_CODES: Record<FailureKind, number> = {
  not_signed_in: -32010,
  token_rejected: -32010,
  insufficient_scope: -32011,
  forbidden: -32011,
  rate_limited: -32029,
  server_error: -32050,
  unreachable: -32051,
  timeout: ErrorCode.RequestTimeout,
  bad_answer: -32052,
  client_error: -32053,
};

export interface FailureDetails {
  kind: FailureKind;
  /** The /mcp URL that failed. */
  server: string;
  status?: number;
  /** Seconds before retrying (429 / 503 Retry-After). */
  retryAfter?: number;
  requiredScope?: string;
}

export class UpstreamFailure extends Error {
  readonly details: FailureDetails;

  constructor(message: string, details: FailureDetails) {
    super(message);
    this.name = 'UpstreamFailure';
    this.details = details;
  }

  /** Connection failures and 5xx may be retried on the next host; 4xx answers may not. */
  get failover(): boolean {
    return this.details.kind === 'unreachable' || this.details.kind === 'server_error';
  }

  toJsonRpc(id: RequestId): JSONRPCErrorResponse {
    const { kind, server, status, retryAfter, requiredScope } = this.details;
    const data: Record<string, unknown> = { kind, server };
    if (status !== undefined) data.status = status;
    if (retryAfter !== undefined) data.retryAfter = retryAfter;
    if (requiredScope !== undefined) data.requiredScope = requiredScope;
    return { jsonrpc: '2.0', id, error: { code: BRIDGE_ERROR_CODES[kind], message: this.message, data } };
  }
}

/** Several servers were tried and all failed: one message naming each server and why. */
export function combineFailures(failures: UpstreamFailure[]): UpstreamFailure {
  if (failures.length === 1) return failures[0]!;
  const last = failures[failures.length - 1]!;
  const each = failures.map((f) => (f.message.includes(f.details.server) ? f.message : `${f.details.server}: ${f.message}`)).join(' ');
  return new UpstreamFailure(`No rcat server could answer (${each})`, last.details);
}

/** Parses Retry-After (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The few fields of an RFC 9457 problem body (src/shared/problem.ts) worth repeating. */
interface ProblemHint {
  detail?: string;
  requiredScope?: string;
  title?: string;
  /** For a 429: the window that refused (`account-day`, …). */
  limit?: string;
}

function problemHint(body: string): ProblemHint {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    // Server text is repeated to the host, never interpreted: control characters stripped, bounded.
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? safeText(v, 300) : undefined);
    // Either an RFC 9457 problem (REST) or a JSON-RPC error body (/mcp puts the scope in data).
    const error = parsed.error as Record<string, unknown> | undefined;
    const data = error?.data as Record<string, unknown> | undefined;
    return {
      detail: text(parsed.detail) ?? text(error?.message),
      requiredScope: text(parsed.requiredScope) ?? text(data?.requiredScope),
      title: text(parsed.title),
      limit: text(parsed.limit) ?? text(data?.limit),
    };
  } catch {
    return {};
  }
}

/** `scope="…"` from a Bearer challenge (RFC 6750 section 3). */
function challengeScope(wwwAuthenticate: string | null): string | undefined {
  return wwwAuthenticate ? /scope="([^"]*)"/.exec(wwwAuthenticate)?.[1] : undefined;
}

export function loginHint(server: string): string {
  return `run \`rcat login --server ${new URL(server).origin}\` in a terminal, then retry`;
}

/** Classifies a non-2xx HTTP answer from /mcp. */
export function failureFromResponse(
  server: string,
  response: { status: number; headers: { get(name: string): string | null } },
  body: string,
  sentToken: boolean,
): UpstreamFailure {
  const { status } = response;
  const hint = problemHint(body);
  const said = hint.detail ? ` (server said: ${hint.detail})` : '';
  if (status === 401) {
    return sentToken
      ? new UpstreamFailure(`The rcat server rejected the stored sign-in (expired or revoked)${said}; ${loginHint(server)}.`, { kind: 'token_rejected', server, status })
      : new UpstreamFailure(`Not signed in to ${new URL(server).origin}; ${loginHint(server)}.`, { kind: 'not_signed_in', server, status });
  }
  if (status === 403) {
    const scope = hint.requiredScope ?? challengeScope(response.headers.get('www-authenticate'));
    return scope
      ? new UpstreamFailure(`This sign-in lacks the scope "${scope}"; sign in again with \`rcat login\` and grant it, or use a token that has it.`, { kind: 'insufficient_scope', server, status, requiredScope: scope })
      : new UpstreamFailure(`The account may not use this${said}.`, { kind: 'forbidden', server, status });
  }
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  if (status === 429) {
    // The one sentence of src/shared/rate-limit-text.ts, as tool results and the CLI say it.
    const sentence = rateLimitSentence({ what: `on ${new URL(server).origin}`, limit: hint.limit, retryAfter });
    return new UpstreamFailure(sentence, { kind: 'rate_limited', server, status, retryAfter });
  }
  if (status >= 500) {
    const when = retryAfter !== undefined ? `; retry in ${retryAfter} second(s)` : '';
    return new UpstreamFailure(`The rcat server answered HTTP ${status}${hint.title ? ` ${hint.title}` : ''}${when}.`, { kind: 'server_error', server, status, retryAfter });
  }
  if (status === 404 || status === 405) {
    return new UpstreamFailure(`${server} answered HTTP ${status}: is ${new URL(server).origin} an rcat server (check --server)?`, { kind: 'client_error', server, status });
  }
  return new UpstreamFailure(`The rcat server refused the request with HTTP ${status}${said}.`, { kind: 'client_error', server, status });
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_HEADERS_TIMEOUT: 'no answer (headers timeout)',
  UND_ERR_BODY_TIMEOUT: 'answer stalled (body timeout)',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate (trust your CA with RCAT_CA_FILE or NODE_EXTRA_CA_CERTS)',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in chain (trust your CA with RCAT_CA_FILE or NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknown TLS issuer (trust your CA with RCAT_CA_FILE or NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unverifiable TLS certificate (trust your CA with RCAT_CA_FILE or NODE_EXTRA_CA_CERTS)',
};

/** Classifies a thrown fetch error (undici puts the socket error in `cause`). */
export function failureFromNetworkError(server: string, error: unknown, proxied = false): UpstreamFailure {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c): c is string => typeof c === 'string');
  const words = (code && NETWORK_WORDS[code]) ?? (chain[chain.length - 1] as Error | undefined)?.message ?? String(error);
  const via = proxied ? ' (through the proxy in HTTPS_PROXY/HTTP_PROXY)' : '';
  return new UpstreamFailure(`Cannot reach ${server}${via}: ${words}${code && !NETWORK_WORDS[code] ? ` (${code})` : ''}.`, { kind: 'unreachable', server });
}

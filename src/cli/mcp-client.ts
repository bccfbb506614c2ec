// Calls one tool of `${server}/mcp` with the MCP SDK's own client over Streamable HTTP, with the
// signed-in user's bearer token (audience `${server}/mcp`, RFC 8707). Used by `rcat projects`,
// `rcat shortlist add` and `rcat inquiry`. HTTP failures are mapped by the same rules as the
// REST API (exit-codes.ts); a tool result with isError becomes a CliError by its problem code.
import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../shared/problem.js';
import { TOOL_SCHEMAS, type ToolName } from '../shared/tools.js';
import type { Credentials } from './credentials.js';
import { CliError, type ExitKind, LOGIN_HINT, describeWait, safeText } from './exit-codes.js';
import { fromHttpFailure } from './http-failure.js';
import { type HttpClient, networkFailure } from './http-client.js';
import { packageVersion } from './package-info.js';


const KIND_BY_CODE: Partial<Record<ErrorCode, ExitKind>> = {
  invalid_request: 'usage',
  unauthorized: 'auth',
  token_expired: 'auth',
  token_revoked: 'auth',
  forbidden: 'forbidden',
  insufficient_scope: 'forbidden',
  account_disabled: 'forbidden',
  not_found: 'notFound',
  rate_limited: 'rateLimited',
  unavailable: 'unavailable',
};

interface CapturedFailure {
  status: number;
  headers: Headers;
  body: unknown;
}

/** The server puts a stable problem code (and retryAfter) in `_meta["rcat/error"]` of tool errors. */
function toolError(result: { content?: unknown; _meta?: Record<string, unknown> }): CliError {
  const meta = result._meta?.['rcat/error'] as { code?: unknown; retryAfter?: unknown } | undefined;
  const code = typeof meta?.code === 'string' && (ERROR_CODES as readonly string[]).includes(meta.code) ? (meta.code as ErrorCode) : undefined;
  const text = textOf(result.content);
  // The SDK reports arguments that fail the tool's input schema as an error result (-32602).
  const kind: ExitKind = (code && KIND_BY_CODE[code]) || (/^MCP error -32602\b/.test(text) ? 'usage' : 'error');
  const retryAfter = typeof meta?.retryAfter === 'number' ? meta.retryAfter : undefined;
  const message = safeText(text || 'The tool reported an error.');
  const hint = kind === 'auth' ? LOGIN_HINT : retryAfter !== undefined ? `Retry in ${describeWait(retryAfter)}.` : undefined;
  return new CliError(kind, message, { hint, retryAfter });
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter((c): c is { type: 'text'; text: string } => c?.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text)
    .join('\n');
}

/** Calls the tools of one server's /mcp endpoint with the run's sign-in and HTTP client. */
export class ToolClient {
  constructor(
    readonly server: string,
    private readonly credentials: Credentials,
    private readonly http: HttpClient,
  ) {}

  async call<S extends z.ZodType>(name: ToolName, args: Record<string, unknown>, output: S): Promise<z.infer<S>> {
    // Check the arguments with the tool's own input schema first: a mistake is a usage error
    // (exit 2) with a clear message, and nothing is sent or charged.
    const checked = TOOL_SCHEMAS[name].input.safeParse(args);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new CliError('usage', `Invalid ${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'}.`);
    }
    const resource = `${this.server}/mcp`;
    const token = await this.credentials.accessToken(this.server, { resource });
    const call = (bearer: string) => callOnce({ server: this.server, fetch: this.http.fetch, token: bearer }, name, args, output);
    try {
      return await call(token);
    } catch (error) {
      // A 401 means the call never ran: retry once if the sign-in can give another token
      // (an OAuth access token the server no longer accepts although it looked fresh here).
      if (!(error instanceof HttpRejected)) throw error;
      const other = await this.credentials.accessToken(this.server, { resource, rejected: token }).catch(() => undefined);
      if (!other || other === token) throw error.cliError;
      try {
        return await call(other);
      } catch (again) {
        throw again instanceof HttpRejected ? again.cliError : again;
      }
    }
  }
}

/** The HTTP layer answered 401: the tool did not run. */
class HttpRejected extends Error {
  constructor(readonly cliError: CliError) {
    super(cliError.message);
  }
}

interface Target {
  server: string;
  fetch: HttpClient['fetch'];
  token: string;
}

async function callOnce<S extends z.ZodType>({ server, fetch, token }: Target, name: ToolName, args: Record<string, unknown>, output: S): Promise<z.infer<S>> {
  // Sequential: Node 20 can fail concurrent import() calls whose graphs overlap.
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport, StreamableHTTPError } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const { McpError } = await import('@modelcontextprotocol/sdk/types.js');
  let failure: CapturedFailure | undefined;
  const capturingFetch = async (input: string | URL, init?: RequestInit) => {
    const res = await fetch(input, init).catch((error: unknown) => {
      throw networkFailure(String(input), error);
    });
    if (!res.ok && res.status !== 405) {
      const body = await res.clone().json().catch(() => undefined);
      failure = { status: res.status, headers: res.headers, body };
    }
    return res;
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${server}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: capturingFetch,
  });
  const client = new Client({ name: 'rcat-cli', version: packageVersion() });
  const action = `the ${name} tool`;
  try {
    await client.connect(transport);
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw toolError(result);
    const candidate = result.structuredContent ?? safeJson(textOf(result.content));
    const parsed = output.safeParse(candidate);
    if (!parsed.success) throw new CliError('error', `The server's answer from ${action} does not have the documented shape.`);
    return parsed.data;
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (failure) {
      const mapped = fromHttpFailure({ ...failure, action });
      throw failure.status === 401 ? new HttpRejected(mapped) : mapped;
    }
    if (error instanceof StreamableHTTPError) throw new CliError('unavailable', `The MCP endpoint failed: ${safeText(error.message, 200)}`);
    if (error instanceof McpError) {
      // JSON-RPC -32602: the arguments were rejected (bad ID, note too long…).
      if (error.code === -32602) throw new CliError('usage', safeText(error.message, 500));
      throw new CliError('error', safeText(error.message, 500));
    }
    throw error;
  } finally {
    await client.close().catch(() => undefined);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

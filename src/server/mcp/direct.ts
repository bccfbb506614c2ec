// The direct dispatcher of /mcp: the common messages of a stateless JSON-response endpoint
// answered without building the SDK's per-POST McpServer and Streamable HTTP transport (and the
// Web Request/Response conversion inside it), which cost more than the tool call itself
// (docs/benchmarks.md, "mcp"). It answers only what it reproduces exactly; everything else is
// left to the SDK (./sdk-dispatch.ts), so what a client sees is the same either way
// (test/mcp-direct.test.ts sends the same messages down both paths and compares the answers).
//
// Taken from the SDK's server (@modelcontextprotocol/sdk 1.x: server/webStandardStreamableHttp,
// shared/protocol, server/index, server/mcp), in its order, for a message already checked by
// ./request-checks.ts and the scope gate:
//  - Accept must list application/json and text/event-stream (else the SDK's 406);
//  - MCP-Protocol-Version, on anything but initialize, absent or a supported version (else its 400);
//  - a notification or a response: 202, no body;
//  - initialize (a well-formed one): the requested version if supported, else the latest; the
//    SDK's own capabilities; serverInfo and instructions;
//  - ping: {}; tools/list: the SDK's own answer (./mcp-server.ts);
//  - tools/call of one of our tools (no task): input checked with the tool's zod schema exactly as
//    the SDK checks it (same error result and words), then the tool's handler. The SDK also checks
//    each result against the tool's output schema; our handlers build those results and
//    test/mcp-tool-output.test.ts checks every kind of them against the schemas instead.
// Left to the SDK: unknown methods, unknown tools, task-augmented calls, malformed initialize,
// the 406 and 400 above. The answer is serialised once (jsonText escapes U+2028, U+2029 and C1
// controls, as escapeJsonResponse does for the SDK's; a tool's structured content is the JSON it
// was built with, ./tool-results.ts) and written in one write.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getParseErrorMessage, safeParse, safeParseAsync } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import {
  type CallToolRequest,
  type CallToolResult,
  ErrorCode,
  type InitializeRequest,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListToolsRequestSchema,
  McpError,
  PingRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { isToolName, type ToolName } from '../../shared/tools.js';
import { jsonText } from '../../shared/json-text.js';
import { sendJsonText } from './json-rpc-errors.js';
import { protocolFacts } from './mcp-server.js';
import { resultJson } from './tool-results.js';
import type { ReadMessage } from './request-checks.js';
import { TOOLS, type ToolContext, type ToolDefinition } from './tools/index.js';

type Id = string | number;
type Handler = (ctx: ToolContext, args: unknown) => Promise<CallToolResult>;

const TOOL_BY_NAME = new Map<string, ToolDefinition<ToolName>>((TOOLS as readonly ToolDefinition<ToolName>[]).map((tool) => [tool.name, tool]));
const CALL_PARAMS = new Set(['name', 'arguments', '_meta']);

/** The SDK's Accept rule for a POST (a substring check, as the SDK does). */
function acceptsBoth(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('application/json') && accept.includes('text/event-stream');
}

function versionHeaderAccepted(value: string | string[] | undefined): boolean {
  return value === undefined || (typeof value === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(value));
}

/** A JSON-RPC result (its JSON text), as the SDK's Protocol writes it: {result, jsonrpc, id}. */
function sendResult(res: ServerResponse, id: Id, result: string): void {
  sendJsonText(res, 200, `{"result":${result},"jsonrpc":"2.0","id":${jsonText(id)}}`, 'application/json');
}

/** A tool's failure as the SDK's McpServer reports one: an isError result with the error's message. */
function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The SDK's check of a tool's input (safeParseAsync), done synchronously when the schema allows (the same verdict, without the promises). */
async function parseInput(tool: ToolDefinition<ToolName>, args: unknown): Promise<ReturnType<typeof safeParse>> {
  try {
    return safeParse(tool.input, args);
  } catch {
    return safeParseAsync(tool.input, args); // a schema with an async part throws when parsed synchronously
  }
}

async function callTool(ctx: ToolContext, tool: ToolDefinition<ToolName>, args: unknown): Promise<CallToolResult> {
  const parsed = await parseInput(tool, args ?? {});
  if (!parsed.success) {
    const detail = getParseErrorMessage(parsed.error);
    return toolError(new McpError(ErrorCode.InvalidParams, `Input validation error: Invalid arguments for tool ${tool.name}: ${detail}`).message);
  }
  try {
    return await (tool.handler as Handler)(ctx, parsed.data);
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}

/** The tool a tools/call names when the direct path may run it, else null (the SDK answers). */
function directTool(call: CallToolRequest | undefined): ToolDefinition<ToolName> | null {
  if (!call || !isToolName(call.params.name)) return null;
  for (const key of Object.keys(call.params)) if (!CALL_PARAMS.has(key)) return null;
  return TOOL_BY_NAME.get(call.params.name) ?? null;
}

/** The SDK's initialize result with the version it negotiates: the requested one if supported, else the latest. */
async function initializeResult(request: InitializeRequest): Promise<Record<string, unknown>> {
  const requested = request.params.protocolVersion;
  const { protocolVersion: _latest, ...rest } = (await protocolFacts()).initialize;
  return { protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION, ...rest };
}

/**
 * Answers one checked message and returns true, or returns false having sent nothing, for the
 * SDK to answer. `ctx` is the caller's tool context (its setHeaders writes to `res`).
 */
export async function answerDirectly(ctx: ToolContext, req: IncomingMessage, res: ServerResponse, read: ReadMessage): Promise<boolean> {
  if (!acceptsBoth(req.headers.accept)) return false;
  const message = read.message as { id?: Id; method?: unknown };
  let initialize: InitializeRequest | null = null;
  if (message.method === 'initialize' && message.id !== undefined) {
    const parsed = InitializeRequestSchema.safeParse(message);
    if (!parsed.success) return false;
    initialize = parsed.data;
  }
  if (!initialize && !versionHeaderAccepted(req.headers['mcp-protocol-version'])) return false;
  if (typeof message.method !== 'string' || message.id === undefined) {
    // A notification or a response: nothing to answer (the SDK's 202).
    res.statusCode = 202;
    res.setHeader('Content-Length', 0);
    res.end();
    return true;
  }
  const id = message.id;
  switch (message.method) {
    case 'initialize':
      sendResult(res, id, jsonText(await initializeResult(initialize!)));
      return true;
    case 'ping':
      // A message the hand-written check vouched for has no `_meta` to check (./message-shape.ts).
      if (!read.plain && !PingRequestSchema.safeParse(message).success) return false;
      sendResult(res, id, '{}');
      return true;
    case 'tools/list': {
      if (!ListToolsRequestSchema.safeParse(message).success) return false;
      sendResult(res, id, (await protocolFacts()).toolsListJson);
      return true;
    }
    case 'tools/call': {
      const tool = directTool(read.call);
      if (!tool) return false;
      sendResult(res, id, resultJson(await callTool(ctx, tool, read.call!.params.arguments)));
      return true;
    }
    default:
      return false;
  }
}

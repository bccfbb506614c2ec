// The SDK's McpServer with rcat's five tools, and what it answers that never depends on the
// request, taken from it once per process.
//
// A fresh McpServer per request (stateless Streamable HTTP) answers what the direct dispatcher
// (./direct.ts) leaves to the SDK: nothing survives between POSTs, so any host serving /mcp can
// answer any request.
//
// What is built once per process instead: the JSON Schema validator. The SDK's Server otherwise
// constructs a new Ajv instance (meta-schemas, vocabularies) in every constructor, which was the
// largest single cost of a request (docs/benchmarks.md). The validator is only used to check
// elicitation answers (this server never elicits); it holds no per-request or per-client state —
// `getValidator` compiles a schema and returns a pure function — so sharing it between
// concurrent requests is safe. Each request still gets its own McpServer and transport.
//
// And the `tools/list` answer and the server's capabilities: the SDK converts every tool's zod
// input and output schema to JSON Schema on each tools/list. The tool definitions do not depend
// on the request (same tools, titles, descriptions and schemas for every caller; scopes are
// checked before dispatch), so the SDK's own handler runs once per process and every later
// tools/list — by the SDK or by the direct dispatcher — answers that result, byte-for-byte what
// the SDK would have built (test/mcp-endpoint.test.ts snapshots it; test/mcp-direct.test.ts
// compares both paths).
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type Implementation, type InitializeResult, LATEST_PROTOCOL_VERSION, ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { jsonText } from '../../shared/json-text.js';
import { registerTools, SERVER_INSTRUCTIONS, type ToolContext } from './tools/index.js';

const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

export const SERVER_INFO: Implementation = { name: 'rcat', title: 'rcat research catalogue', version };
const jsonSchemaValidator = new AjvJsonSchemaValidator();

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/** What the SDK's server answers the same way to every caller. */
export interface ProtocolFacts {
  /** Its initialize result for the latest protocol version (capabilities, serverInfo, instructions). */
  initialize: InitializeResult;
  toolsList: ListToolsResult;
  /** `toolsList` as JSON text for the wire. */
  toolsListJson: string;
}

let facts: Promise<ProtocolFacts> | null = null;

function handlerOf(server: McpServer, method: string): RequestHandler {
  // Protocol keeps its handlers in a Map by method.
  const handler = (server.server as unknown as { _requestHandlers: Map<string, RequestHandler> })._requestHandlers.get(method);
  if (!handler) throw new Error(`the SDK's McpServer has no ${method} handler`);
  return handler;
}

async function learnFacts(): Promise<ProtocolFacts> {
  // initialize and tools/list call no tool handler, so no caller is needed.
  const server = newServer(undefined as unknown as ToolContext);
  const params = { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'rcat', version } };
  const initialize = (await handlerOf(server, 'initialize')({ method: 'initialize', params }, {})) as InitializeResult;
  const toolsList = (await handlerOf(server, 'tools/list')({ method: 'tools/list' }, {})) as ListToolsResult;
  return { initialize, toolsList, toolsListJson: jsonText(toolsList) };
}

/** The per-process facts, learnt from the SDK on first use. */
export function protocolFacts(): Promise<ProtocolFacts> {
  if (!facts) {
    facts = learnFacts().catch((error: unknown) => {
      facts = null;
      throw error;
    });
  }
  return facts;
}

function newServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ ...SERVER_INFO }, { instructions: SERVER_INSTRUCTIONS, jsonSchemaValidator });
  registerTools(server, ctx);
  return server;
}

/** A fresh McpServer for one request, its tools/list answered from the per-process facts. */
export function createMcpServer(ctx: ToolContext): McpServer {
  const server = newServer(ctx);
  server.server.setRequestHandler(ListToolsRequestSchema, async () => structuredClone((await protocolFacts()).toolsList));
  return server;
}

// A fresh McpServer per request (stateless Streamable HTTP): nothing survives between POSTs, so
// any host serving /mcp can answer any request.
//
// What is built once per process instead: the JSON Schema validator. The SDK's Server otherwise
// constructs a new Ajv instance (meta-schemas, vocabularies) in every constructor, which was the
// largest single cost of a request (docs/benchmarks.md). The validator is only used to check
// elicitation answers (this server never elicits); it holds no per-request or per-client state —
// `getValidator` compiles a schema and returns a pure function — so sharing it between
// concurrent requests is safe. Each request still gets its own McpServer and transport.
//
// And the `tools/list` answer: the SDK converts every tool's zod input and output schema to JSON
// Schema on each tools/list. The tool definitions do not depend on the request (same tools,
// titles, descriptions and schemas for every caller; scopes are checked before dispatch), so the
// SDK's own handler runs once per process and each later tools/list gets a copy of its answer —
// byte-for-byte what the SDK would have built (test/mcp-endpoint.test.ts snapshots it).
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { registerTools, SERVER_INSTRUCTIONS, type ToolContext } from './tools/index.js';

const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

const SERVER_INFO = { name: 'rcat', title: 'rcat research catalogue', version };
const jsonSchemaValidator = new AjvJsonSchemaValidator();

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;
let toolsList: Promise<ListToolsResult> | null = null;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ ...SERVER_INFO }, { instructions: SERVER_INSTRUCTIONS, jsonSchemaValidator });
  registerTools(server, ctx);
  // The handler McpServer installed for tools/list (Protocol keeps handlers in a Map by method).
  const sdkList = (server.server as unknown as { _requestHandlers: Map<string, RequestHandler> })._requestHandlers.get('tools/list');
  if (sdkList) {
    server.server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
      if (!toolsList) {
        toolsList = (sdkList(request, extra) as Promise<ListToolsResult>).catch((error: unknown) => {
          toolsList = null;
          throw error;
        });
      }
      return structuredClone(await toolsList);
    });
  }
  return server;
}

// A fresh McpServer per request (stateless Streamable HTTP): nothing survives between POSTs, so
// any host serving /mcp can answer any request.
//
// What is built once per process instead: the JSON Schema validator. The SDK's Server otherwise
// constructs a new Ajv instance (meta-schemas, vocabularies) in every constructor, which was the
// largest single cost of a request (docs/benchmarks.md). The validator is only used to check
// elicitation answers (this server never elicits); it holds no per-request or per-client state —
// `getValidator` compiles a schema and returns a pure function — so sharing it between
// concurrent requests is safe. Each request still gets its own McpServer and transport.
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { SERVER_INSTRUCTIONS } from './tool-descriptions.js';
import { registerTools, type ToolContext } from './tools.js';

const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

const SERVER_INFO = { name: 'rcat', title: 'rcat research catalogue', version };
const jsonSchemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ ...SERVER_INFO }, { instructions: SERVER_INSTRUCTIONS, jsonSchemaValidator });
  registerTools(server, ctx);
  return server;
}

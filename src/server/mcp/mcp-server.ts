// A fresh McpServer per request (stateless Streamable HTTP): nothing survives between POSTs, so
// any host serving /mcp can answer any request.
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SERVER_INSTRUCTIONS } from './tool-descriptions.js';
import { registerTools, type ToolContext } from './tools.js';

const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'rcat', title: 'rcat research catalogue', version }, { instructions: SERVER_INSTRUCTIONS });
  registerTools(server, ctx);
  return server;
}

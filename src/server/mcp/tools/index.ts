// The five tools of /mcp: called by the direct dispatcher (../direct.ts), and registered on the
// fresh McpServer of a request the SDK answers (../mcp-server.ts). Each tool is declared whole
// in its own file; this list is what tools/list shows, in this order.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolName } from '../../../shared/tools.js';
import { fetchTool } from './fetch.js';
import { listProjectsTool } from './list-projects.js';
import { prepareInquiryTool } from './prepare-inquiry.js';
import { saveToShortlistTool } from './save-to-shortlist.js';
import { searchTool } from './search.js';
import { EVIDENCE_ONLY, NO_CONFIRMATION, type ToolContext, type ToolDefinition } from './tool.js';

export type { ToolContext, ToolDefinition } from './tool.js';

export const TOOLS = [searchTool, fetchTool, listProjectsTool, saveToShortlistTool, prepareInquiryTool] as const satisfies readonly ToolDefinition[];

/** Sent in the initialize result: the same rules, once, for the host's system prompt. */
export const SERVER_INSTRUCTIONS = [
  'rcat is a bounded catalogue of research equipment, laboratories and techniques.',
  'Cite records by their canonical url and pass on their limitations.',
  NO_CONFIRMATION,
  EVIDENCE_ONLY,
  'No tool sends a message, books a facility, calls an AI model or starts mapping.',
].join(' ');

type Handler = (ctx: ToolContext, args: unknown) => Promise<CallToolResult>;

export function registerTools(server: McpServer, ctx: ToolContext): void {
  for (const tool of TOOLS as readonly ToolDefinition<ToolName>[]) {
    const { name, title, description, annotations, input, output } = tool;
    // The SDK has validated `args` against `input` before it calls the handler.
    const handler = tool.handler as Handler;
    server.registerTool(name, { title, description, annotations, inputSchema: input, outputSchema: output }, ((args: unknown) => handler(ctx, args)) as never);
  }
}

// /mcp: the remote MCP endpoint (issue 5). Placeholder until the MCP endpoint lands.
import { Router } from 'express';
import type { AppDeps } from '../http/app-deps.js';

export function createMcpRouter(_deps: AppDeps): Router {
  return Router();
}

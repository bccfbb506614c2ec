// The POST body of /mcp: read with a hard size limit before any JSON parsing
// (src/server/util/request-body.ts). Body limit: 1 MiB (tool arguments are small; the largest
// legitimate message is a note or question of a few KB).
import type { IncomingMessage as Request } from 'node:http';
import { type BodyResult, readRequestBody } from '../util/request-body.js';

export type { BodyResult } from '../util/request-body.js';
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

export function readBody(req: Request, limit = MCP_MAX_BODY_BYTES): Promise<BodyResult> {
  return readRequestBody(req, limit);
}

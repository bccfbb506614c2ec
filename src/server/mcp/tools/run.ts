// How every tool handler runs: the gate's charge (src/server/auth/gate.ts) with the headers put on
// the HTTP response of the call, and one outcome rule for failures. Because a tool's cost is known
// only after it runs, a refused call is an isError result with retryAfter (and a Retry-After
// header), never a 429; writes are planned, charged, then committed, so a refused call changes
// nothing.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolName } from '../../../shared/tools.js';
import { chargeOrRefuse } from '../../auth/gate.js';
import { AppError } from '../../errors.js';
import type { LimitCost } from '../../limits/limiter.js';
import { failureResult } from '../tool-results.js';
import type { ToolContext } from './tool.js';

/** Charges one request and `cost` units to the caller; throws 429 (an AppError) when refused. */
export function charge(ctx: ToolContext, cost: LimitCost): Promise<void> {
  return chargeOrRefuse(ctx.deps, ctx.principal.account, cost, { setHeader: (name, value) => ctx.setHeaders({ [name]: value }) });
}

/**
 * Runs a tool body. A domain failure is an isError result, still charged as one request (so
 * probing is not free); a refusal by the limits is one too; an outage or a bug is logged and
 * answered without details.
 */
export async function runTool(ctx: ToolContext, name: ToolName, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) {
      const outage = error instanceof AppError && error.status === 503;
      ctx.deps.log(
        outage
          ? `mcp ${name}: unavailable: ${error.options.detail ?? error.message}`
          : `mcp ${name}: internal error: ${(error as Error)?.stack ?? String(error)}`,
      );
      return failureResult(error instanceof AppError ? error : new AppError(500, 'internal_error', 'Internal server error'));
    }
    if (error.code === 'rate_limited') return failureResult(error);
    try {
      await charge(ctx, { units: 0 });
    } catch (refusal) {
      if (refusal instanceof AppError && refusal.code === 'rate_limited') return failureResult(refusal);
      return failureResult(new AppError(503, 'unavailable', 'Service unavailable', { retryAfter: 5 }));
    }
    return failureResult(error);
  }
}

// What the bridge writes to the desktop host (stdout): JSON-RPC lines only (./bridge.ts).
import type { Writable } from 'node:stream';
import { escapeJsonText } from '../../shared/json-text.js';

/**
 * The host's stdout as the SDK's stdio transport uses it (write, once 'drain'), with U+2028,
 * U+2029 and C1 controls in each JSON-RPC line escaped: each is one message on one line, as the
 * MCP stdio transport requires, whatever a record's text holds (src/shared/json-text.ts).
 */
export function escapingLines(out: Writable): Writable {
  const lines = {
    write: (chunk: unknown, ...rest: unknown[]) => (out.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? escapeJsonText(chunk) : chunk, ...rest),
    once: (event: string, listener: (...args: unknown[]) => void) => {
      out.once(event, listener);
      return lines;
    },
  };
  return lines as unknown as Writable;
}

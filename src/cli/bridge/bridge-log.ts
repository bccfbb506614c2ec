// The bridge's stderr log. stdout belongs to JSON-RPC alone (MCP stdio transport: "The server
// MUST NOT write anything to its stdout that is not a valid MCP message"), so every line of
// chatter goes here, and secrets never do: bearer values and rcat token strings are redacted.
import { redact } from '../redact.js';

export interface BridgeLog {
  /** Always shown: start-up, failover, failures the host is told about. */
  info(line: string): void;
  /** Only with --verbose: every message's method and id, timings. */
  debug(line: string): void;
  readonly verbose: boolean;
}

export function createBridgeLog(options: { verbose: boolean; write?: (text: string) => void }): BridgeLog {
  const write = options.write ?? ((text: string) => process.stderr.write(text));
  const emit = (line: string) => write(`rcat mcp: ${redact(line)}\n`);
  return {
    verbose: options.verbose,
    info: emit,
    debug: options.verbose ? emit : () => {},
  };
}

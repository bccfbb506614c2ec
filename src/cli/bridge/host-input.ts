// Screens what the host writes to our stdin before the SDK's StdioServerTransport reads it.
// The SDK drops a line it cannot parse without a word (the host then waits forever) and
// closes the transport when one message exceeds its buffer; here a bad line gets a JSON-RPC
// error (JSON-RPC 2.0 section 5.1: -32700 parse error, -32600 invalid request, with the id when
// it can be read) and an oversized line is skipped, so hostile input never stops the bridge.
import { Transform, type TransformCallback } from 'node:stream';
import { JSONRPCMessageSchema, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** Below the SDK ReadBuffer's 10 MiB, which would close the transport. */
export const MAX_HOST_MESSAGE_BYTES = 8 * 1024 * 1024;

function errorFor(code: number, message: string, id?: RequestId): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), error: { code, message } } as JSONRPCErrorResponse;
}

function readableId(value: unknown): RequestId | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/** Returns null when the line is a valid JSON-RPC message, else the error answer for it. */
export function screenLine(line: string): JSONRPCErrorResponse | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return errorFor(-32700, 'Parse error: the line is not valid JSON (one JSON-RPC message per line).');
  }
  if (JSONRPCMessageSchema.safeParse(parsed).success) return null;
  return errorFor(-32600, 'Invalid request: not a JSON-RPC 2.0 message (batches are not supported by MCP).', readableId(parsed));
}

export class HostInputScreen extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;

  constructor(
    private readonly reject: (answer: JSONRPCErrorResponse) => void,
    private readonly maxBytes = MAX_HOST_MESSAGE_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.collect(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.collect(chunk.subarray(start));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.pendingBytes > 0 || this.skipping) this.endLine();
    done();
  }

  private collect(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.pendingBytes + part.length > this.maxBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private endLine(): void {
    if (this.skipping) {
      this.skipping = false;
      this.reject(errorFor(-32600, `Invalid request: the message is larger than ${this.maxBytes} bytes.`));
      return;
    }
    const line = Buffer.concat(this.pending, this.pendingBytes).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() === '') return;
    const error = screenLine(line);
    if (error) this.reject(error);
    else this.push(`${line}\n`);
  }
}

// Reads what the host writes to our stdin: newline-delimited JSON-RPC, as the MCP stdio
// transport defines it. The SDK's StdioServerTransport drops a line it cannot parse without a
// word (the host then waits forever) and closes the transport when one message exceeds its
// buffer; here a bad line gets a JSON-RPC error (JSON-RPC 2.0 section 5.1: -32700 parse error,
// -32600 invalid request, with the id when it can be read) and an oversized line is skipped, so
// hostile input never stops the bridge. Each valid line comes out as the message the SDK's
// schema gives for it (./jsonrpc.ts), the schema itself loaded only for a line that needs it.
import { Transform, type TransformCallback } from 'node:stream';
import type { JSONRPCErrorResponse, JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { plainMessage, sdkMessageSchema } from './jsonrpc.js';

/** Below the SDK ReadBuffer's 10 MiB, which would close the transport. */
export const MAX_HOST_MESSAGE_BYTES = 8 * 1024 * 1024;

function errorFor(code: number, message: string, id?: RequestId): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), error: { code, message } } as JSONRPCErrorResponse;
}

function readableId(value: unknown): RequestId | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

type Schema = Awaited<ReturnType<typeof sdkMessageSchema>>;
let schema: Schema | undefined;
const NEEDS_SCHEMA = Symbol('needs the SDK schema');
type Screened = { message: JSONRPCMessage } | { error: JSONRPCErrorResponse };

/** The message on a line, or the error answer for it; NEEDS_SCHEMA until the schema is loaded. */
function screenLine(line: string): Screened | typeof NEEDS_SCHEMA {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { error: errorFor(-32700, 'Parse error: the line is not valid JSON (one JSON-RPC message per line).') };
  }
  const plain = plainMessage(parsed);
  if (plain) return { message: plain };
  if (!schema) return NEEDS_SCHEMA;
  const checked = schema.safeParse(parsed);
  if (checked.success) return { message: checked.data };
  return { error: errorFor(-32600, 'Invalid request: not a JSON-RPC 2.0 message (batches are not supported by MCP).', readableId(parsed)) };
}

/** stdin in, JSON-RPC messages out (object mode), in the order the host wrote them. */
export class HostInputScreen extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;
  /** Complete lines not yet screened (null: a line over the size limit). */
  private lines: (string | null)[] = [];

  constructor(
    private readonly reject: (answer: JSONRPCErrorResponse) => void,
    private readonly maxBytes = MAX_HOST_MESSAGE_BYTES,
  ) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.collect(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.collect(chunk.subarray(start));
    this.screenLines(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.pendingBytes > 0 || this.skipping) this.endLine();
    this.screenLines(done);
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
      this.lines.push(null);
      return;
    }
    const line = Buffer.concat(this.pending, this.pendingBytes).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() !== '') this.lines.push(line);
  }

  /** Screens the complete lines in order; waits for the SDK's schema when a line needs it. */
  private screenLines(done: TransformCallback): void {
    while (this.lines.length > 0) {
      const line = this.lines[0]!;
      if (line === null) {
        this.lines.shift();
        this.reject(errorFor(-32600, `Invalid request: the message is larger than ${this.maxBytes} bytes.`));
        continue;
      }
      const screened = screenLine(line);
      if (screened === NEEDS_SCHEMA) {
        sdkMessageSchema().then((loaded) => {
          schema = loaded;
          this.screenLines(done);
        }, done);
        return;
      }
      this.lines.shift();
      if ('error' in screened) this.reject(screened.error);
      else this.push(screened.message);
    }
    done();
  }
}

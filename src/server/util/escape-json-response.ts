// For a response whose JSON another library serialises (the MCP SDK's transport on /mcp): the
// body is held until it ends, then U+2028, U+2029 and the C1 controls are written as \u escapes
// (why: src/shared/json-text.ts) and Content-Length is set to what is sent. Works on the UTF-8
// bytes, so a character split across two writes is still seen whole. The answers it is used for
// are single bounded JSON documents (the endpoint caps what it sends), never a stream.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The UTF-8 bytes of U+0080–U+009F (C2 80–C2 9F) and U+2028/U+2029 (E2 80 A8/A9), escaped. */
export function escapeJsonBytes(body: Buffer): Buffer {
  if (body.indexOf(0xc2) === -1 && body.indexOf(0xe2) === -1) return body; // the common case, natively
  let from = 0;
  const parts: Buffer[] = [];
  for (let i = 0; i < body.length; i++) {
    const b = body[i]!;
    let code = -1;
    let width = 0;
    if (b === 0xc2 && i + 1 < body.length && body[i + 1]! >= 0x80 && body[i + 1]! <= 0x9f) {
      code = body[i + 1]!;
      width = 2;
    } else if (b === 0xe2 && i + 2 < body.length && body[i + 1] === 0x80 && (body[i + 2] === 0xa8 || body[i + 2] === 0xa9)) {
      code = body[i + 2] === 0xa8 ? 0x2028 : 0x2029;
      width = 3;
    }
    if (code < 0) continue;
    parts.push(body.subarray(from, i), Buffer.from(`\\u${code.toString(16).padStart(4, '0')}`, 'latin1'));
    i += width - 1;
    from = i + 1;
  }
  if (parts.length === 0) return body;
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

type WriteHeadArgs = [number, ...unknown[]];
type Callback = (error?: Error | null) => void;

function toBuffer(chunk: unknown, encoding?: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/** Content-Length in writeHead's headers (an object, or a flat [name, value, …] array) set to `length`. */
function withLength(args: WriteHeadArgs, length: number): WriteHeadArgs {
  const headers = args.find((a, i) => i > 0 && typeof a === 'object' && a !== null) as OutgoingHttpHeaders | unknown[] | undefined;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'content-length') headers[i + 1] = String(length);
  } else if (headers) {
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') headers[name] = String(length);
  }
  return args;
}

/** Holds `res`'s body until it ends and sends it with its JSON escaped (see the header). */
export function escapeJsonResponse(res: ServerResponse): void {
  const chunks: Buffer[] = [];
  let head: WriteHeadArgs | null = null;
  res.writeHead = ((...args: WriteHeadArgs) => {
    head = args;
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, encoding?: unknown, callback?: Callback) => {
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? (encoding as Callback) : callback;
    if (done) process.nextTick(done);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: Callback) => {
    if (typeof chunk === 'function') callback = chunk as Callback;
    else if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    if (typeof encoding === 'function') callback = encoding as Callback;
    // The response's own methods again (node's end() writes the head through writeHead).
    const own = res as unknown as Record<string, unknown>;
    delete own.writeHead;
    delete own.write;
    delete own.end;
    const body = escapeJsonBytes(Buffer.concat(chunks));
    if (!res.headersSent && res.getHeader('content-length') !== undefined) res.setHeader('Content-Length', body.length);
    if (head) res.writeHead(...(withLength(head, body.length) as Parameters<ServerResponse['writeHead']>));
    return res.end(body, callback);
  }) as ServerResponse['end'];
}

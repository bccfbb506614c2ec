// Reads the POST body of /mcp with a hard size limit, before any JSON parsing, so an oversized
// body costs at most the limit in memory. Body limit: 1 MiB (tool arguments are small; the
// largest legitimate message is a note or question of a few KB).
import type { Request } from 'express';

export const MCP_MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'unreadable' | 'not_utf8' };

export async function readBody(req: Request, limit = MCP_MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // drain, so the connection can answer
    return { ok: false, reason: 'too_large' };
  }
  if (req.readableEnded) {
    // Some middleware already read the stream; use what it kept rather than wait forever.
    const kept: unknown = req.body;
    if (typeof kept === 'string') return Buffer.byteLength(kept) > limit ? { ok: false, reason: 'too_large' } : { ok: true, text: kept };
    if (Buffer.isBuffer(kept)) return kept.length > limit ? { ok: false, reason: 'too_large' } : decode([kept]);
    return { ok: false, reason: 'unreadable' };
  }
  const chunks: Buffer[] = [];
  const outcome = await new Promise<'ok' | 'too_large' | 'unreadable'>((resolve) => {
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > limit) {
        // Stop buffering but keep discarding the rest, so the 413 can still be delivered.
        req.off('data', onData);
        req.resume();
        resolve('too_large');
        return;
      }
      chunks.push(buffer);
    };
    req.on('data', onData);
    req.once('end', () => resolve('ok'));
    req.once('error', () => resolve('unreadable'));
    req.once('aborted', () => resolve('unreadable'));
  });
  if (outcome !== 'ok') return { ok: false, reason: outcome };
  return decode(chunks);
}

function decode(chunks: Buffer[]): BodyResult {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
}

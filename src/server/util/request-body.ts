// Reads a request body with a hard size limit, before any parsing, so an oversized body costs at
// most the limit in memory, and decodes it as UTF-8 strictly (the one validator,
// src/shared/unicode.ts): bytes that are not UTF-8 are the client's mistake, never replaced.
// Used by /mcp (src/server/mcp/request-body.ts) and client registration (src/server/oauth/).
import type { IncomingMessage } from 'node:http';
import { decodeUtf8 } from '../../shared/unicode.js';

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'unreadable' | 'not_utf8' };

export async function readRequestBody(req: IncomingMessage & { body?: unknown }, limit: number): Promise<BodyResult> {
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
  if (Number.isFinite(declared) && req.readableLength === declared && req.readableFlowing === null) {
    // Every byte Content-Length announces has arrived (usually with the headers, in one packet):
    // take the body as it is buffered, without waiting for the stream's events.
    const buffered = req.read() as Buffer | string | null;
    return decode(buffered === null ? [] : [Buffer.isBuffer(buffered) ? buffered : Buffer.from(buffered)]);
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
  const text = decodeUtf8(Buffer.concat(chunks));
  return text === null ? { ok: false, reason: 'not_utf8' } : { ok: true, text };
}

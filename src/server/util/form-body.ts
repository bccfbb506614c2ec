// The parser of every url-encoded form body (pages, the OAuth token and revocation endpoints):
// small, flat, and strict about text (the one validator, src/shared/unicode.ts). The raw bytes
// must be UTF-8 and every percent-escape must decode to UTF-8; otherwise the body is refused
// before it is parsed (a 4xx the route answers in its own dialect), never "repaired" into U+FFFD
// or kept as undecoded escapes, as the underlying parser would.
import express, { type RequestHandler } from 'express';
import { decodeUtf8, malformedPercentEncoding } from '../../shared/unicode.js';

class MalformedFormText extends Error {
  readonly status = 400;
  readonly type = 'entity.verify.failed';
}

function verifyText(_req: unknown, _res: unknown, body: Buffer): void {
  const text = decodeUtf8(body);
  if (text === null) throw new MalformedFormText('The form body is not UTF-8.');
  if (malformedPercentEncoding(text).length > 0) throw new MalformedFormText('The form has a value that is not valid UTF-8 percent-encoding.');
}

/** express.urlencoded, flat (no nested objects), at most `limit`, with the text check above. */
export function strictFormBody(limit = '16kb', parameterLimit = 50): RequestHandler {
  return express.urlencoded({ extended: false, limit, parameterLimit, verify: verifyText });
}

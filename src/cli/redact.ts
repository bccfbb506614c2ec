// Secrets a server or proxy might echo back (an error body quoting the request's Authorization
// header, a token in a message) are redacted from everything the CLI prints about a failure:
// every command's error lines on stderr, the bridge's log, and the JSON-RPC error messages the
// bridge writes to the host on stdout. Bearer values, rcat token strings (agent, OAuth access and
// refresh tokens) and access_token / refresh_token / authorization fields.

const SECRET_PATTERNS: RegExp[] = [
  /(bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi,
  /\brcat_(?:at|oa|rt)_[A-Za-z0-9_-]+/g,
  /("?(?:access_token|refresh_token|authorization)"?\s*[:=]\s*"?)[^"\s,&}]+/gi,
];

/** `text` with every secret-looking value replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, (_m, keep: unknown) => `${typeof keep === 'string' ? keep : ''}[redacted]`);
  return out;
}

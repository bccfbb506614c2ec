// The one validator for the text rcat accepts, on every interface: REST and page query strings,
// form bodies (pages, the OAuth token endpoint), JSON bodies (/mcp, client registration) and the
// shared schemas of tool arguments and search queries. Text must be Unicode scalar values: no
// lone surrogates (they cannot be encoded as UTF-8, RFC 3629 section 3, and RFC 8259 section 8.2
// leaves their meaning undefined), and bytes on the wire must be valid UTF-8, percent-encoded or
// not (RFC 3986 section 2.5). A malformed text is the client's mistake, answered in the
// interface's dialect (400 problem, 400 page, invalid_request / invalid_client_metadata,
// JSON-RPC error), never silently "repaired" into U+FFFD.

/** Whether a string is well-formed Unicode (no lone surrogates). */
export function isWellFormedText(value: string): boolean {
  return value.isWellFormed();
}

/** The text of UTF-8 bytes (a leading byte order mark dropped), or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The names of the `name=value` pairs of an application/x-www-form-urlencoded string (a query
 * string or a form body) whose percent-encoding is malformed or does not decode to UTF-8. `+` is
 * a space. Empty when every pair is well formed.
 */
export function malformedPercentEncoding(raw: string): string[] {
  // The common case first: no escape, nothing to decode.
  if (!raw.includes('%')) return [];
  const bad: string[] = [];
  for (const pair of raw.split('&')) {
    if (pair === '' || !pair.includes('%')) continue;
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      const eq = pair.indexOf('=');
      bad.push(shownName(eq === -1 ? pair : pair.slice(0, eq)));
    }
  }
  return bad;
}

function shownName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return '(undecodable name)';
  }
}

/**
 * Where a parsed JSON value holds a malformed string (as a key or a value): a path such as
 * `redirect_uris[1]`, or null when every string is well formed. JSON's \u escapes can spell a
 * lone surrogate even in a body that is valid UTF-8.
 */
export function malformedStringAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isWellFormedText(value) ? null : path || '(the value)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = malformedStringAt(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isWellFormedText(key)) return path ? `${path} (a key)` : '(a key)';
      const found = malformedStringAt(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}

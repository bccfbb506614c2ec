// A server address as the user gives it (--server, RCAT_SERVER), reduced to the origin that
// names its credential. Tokens must not cross the network in clear text (RFC 6750 section 5.3):
// plain http is accepted only for loopback addresses.
import { safeText, usageError } from './exit-codes.js';

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Validates a server address and reduces it to its origin (one credential per origin). */
export function normalizeServer(input: string, env: NodeJS.ProcessEnv = process.env): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw usageError(`"${safeText(input, 100)}" is not a server address; expected e.g. https://rcat.example.org`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw usageError(`The server address must start with https:// (got ${safeText(url.protocol, 40)}).`);
  if (url.username || url.password) throw usageError('The server address must not contain a user name or password.');
  // Tokens must not cross the network in clear text (RFC 6750 section 5.3); loopback is local.
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && env.RCAT_ALLOW_INSECURE_HTTP !== '1') {
    throw usageError(`Refusing plain http:// to ${url.host}: tokens would travel unencrypted. Use https://.`);
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  if (pathname !== '' && pathname !== '/mcp') throw usageError(`Give the server's address without a path (got ${safeText(url.pathname, 100)}).`);
  return url.origin;
}

// The audience model (RFC 8707 resource indicators; MCP authorization spec 2025-11-25,
// "Token Audience Binding and Validation").
//
// This server protects two resources, each with its own protected-resource metadata (RFC 9728):
//  - `${base}`      the REST API (/api/agent/…),
//  - `${base}/mcp`  the MCP endpoint.
// A token is bound to the resources named in the authorization request (several `resource`
// parameters are allowed, RFC 8707 section 2) and is rejected at any other. The rcat CLI, which
// uses both, asks for both. A request that names no resource gets both: that is the server's
// documented default audience (RFC 8707 section 2: "the authorization server ... may use a
// default"), and keeps clients that predate RFC 8707 working. `${base}` does NOT cover
// `${base}/mcp`: a token minted for the REST API cannot call tools.
import { InvalidTargetError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

export function oauthResources(baseUrl: string): { rest: string; mcp: string; all: string[] } {
  const rest = baseUrl.replace(/\/+$/, '');
  const mcp = `${rest}/mcp`;
  return { rest, mcp, all: [rest, mcp] };
}

/** Canonical form for comparison: scheme and host lower-cased, no trailing slash (MCP spec "Canonical Server URI"). */
function canonical(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // RFC 8707 section 2: a resource MUST NOT include a fragment; ours carry no query either.
  if (url.hash || url.search || url.username || url.password) return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Resolves the `resource` parameter values of a request to our resource identifiers.
 * Throws invalid_target for anything that is not one of them (RFC 8707 section 2).
 */
export function resolveResources(values: readonly string[], baseUrl: string): string[] {
  const known = oauthResources(baseUrl);
  if (values.length === 0) return [...known.all];
  const resolved: string[] = [];
  for (const value of values) {
    const c = canonical(value);
    const match = c === null ? undefined : known.all.find((r) => canonical(r) === c);
    if (!match) throw new InvalidTargetError(`Unknown resource "${value.slice(0, 200)}": this server issues tokens for ${known.all.join(' and ')}.`);
    if (!resolved.includes(match)) resolved.push(match);
  }
  return resolved;
}

/** True when a token bound to `audiences` may be used at `resource`. */
export function audienceAllows(audiences: readonly string[], resource: string): boolean {
  const target = canonical(resource);
  return target !== null && audiences.some((a) => canonical(a) === target);
}

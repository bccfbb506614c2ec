// Transport security of /mcp that the v1 SDK leaves to us (MCP 2025-11-25, basic/transports,
// "Security Warning"): servers MUST validate the Origin header (403 when it is not allowed), and
// SHOULD protect against DNS rebinding by checking Host against the names the server is known by.
import type { ResolvedConfig } from '../config.js';

const LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

export interface TransportPolicy {
  /** True when a request with this Origin header (undefined = none sent) may call /mcp. */
  originAllowed(origin: string | undefined): boolean;
  /** True when the Host header names this server. */
  hostAllowed(host: string | undefined): boolean;
}

export function transportPolicy(config: Pick<ResolvedConfig, 'baseUrl' | 'host' | 'port' | 'allowedOrigins' | 'allowedHosts'>): TransportPolicy {
  const base = new URL(config.baseUrl);
  const loopback = LOOPBACK_BINDS.has(config.host.toLowerCase());

  const hosts = new Set<string>([base.host.toLowerCase()]);
  if (base.port === '') hosts.add(`${base.hostname.toLowerCase()}:${DEFAULT_PORTS[base.protocol] ?? ''}`);
  // Hosts named without a port match any port (an operator behind a proxy rarely knows it).
  const hostnamesAnyPort = new Set<string>();
  for (const entry of config.allowedHosts) {
    const value = entry.trim().toLowerCase();
    if (!value) continue;
    if (/:\d+$/.test(value)) hosts.add(value);
    else hostnamesAnyPort.add(value);
  }
  const origins = new Set<string>([base.origin.toLowerCase()]);
  for (const o of config.allowedOrigins) {
    const origin = originOf(o.trim());
    if (origin) origins.add(origin);
  }
  if (loopback) {
    // A loopback server is reached as localhost, 127.0.0.1 or [::1]; nothing else (a rebinding
    // attacker's name resolving to 127.0.0.1) may reach it.
    // The port does not matter against rebinding (the attacker's name is what differs; the
    // MCP conformance suite's dns-rebinding-protection scenario expects these names with any
    // port): pages served from the user's own machine may call a server on the same machine.
    for (const name of ['localhost', '127.0.0.1', '[::1]']) hostnamesAnyPort.add(name);
  }

  return {
    originAllowed(origin) {
      if (origin === undefined) return true; // not a browser request (CLI, desktop hosts)
      const normalised = originOf(origin);
      if (normalised === null) return false;
      if (origins.has(normalised)) return true;
      const url = new URL(normalised);
      return loopback && url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname);
    },
    hostAllowed(host) {
      if (!host) return false;
      const value = host.trim().toLowerCase();
      if (hosts.has(value)) return true;
      const hostname = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d+$/, '');
      return hostnamesAnyPort.has(hostname);
    },
  };
}

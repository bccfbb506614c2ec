// The network a brute-force throttle counts per "client IP". IPv4 addresses count one by one
// (an IPv4-mapped IPv6 address such as ::ffff:192.0.2.1 is the IPv4 address). An IPv6 address
// counts by its /64: that is what one subscriber or LAN is given (RFC 6177, RFC 7421), so an
// attacker could otherwise use 2^64 addresses for 2^64 allowances (OWASP Authentication Cheat
// Sheet, "Login Throttling", notes that per-address limits are easily sidestepped).
import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 address to its eight 16-bit groups, or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, ''); // zone index (fe80::1%eth0)
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** `req.ip` → the throttle key of its network: `203.0.113.9`, or `2001:db8:1:2::/64`. */
export function throttledNetwork(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

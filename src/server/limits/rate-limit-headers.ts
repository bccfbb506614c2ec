// Rate-limit response fields, following the IETF httpapi draft "RateLimit header fields for
// HTTP" (draft-ietf-httpapi-ratelimit-headers-10): Structured Field lists (RFC 9651) of
//   RateLimit-Policy: "account-minute";q=30;w=60, "account-day";q=300;w=86400;qu="units", …
//   RateLimit:        "account-minute";r=29;t=42, "account-day";r=280;t=50000, …
// q = quota, w = window in seconds, r = remaining, t = seconds until the window resets.
// Request windows use the draft's default quota unit ("requests"); unit windows say
// qu="units" (our cost model, docs/limits.md). Uncapped windows (variant-a) are not listed.
import { secondsUntil } from './windows.js';

export interface WindowState {
  /** Policy name, e.g. "account-minute", "company-day". */
  name: string;
  measure: 'requests' | 'units';
  limit: number | null;
  used: number;
  startsAt: number;
  endsAt: number;
}

export function rateLimitHeaders(windows: readonly WindowState[], now: Date): Record<string, string> {
  const capped = windows.filter((w): w is WindowState & { limit: number } => w.limit !== null);
  if (!capped.length) return {};
  const unit = (w: WindowState) => (w.measure === 'units' ? ';qu="units"' : '');
  const policy = capped.map((w) => `"${w.name}";q=${w.limit};w=${Math.round((w.endsAt - w.startsAt) / 1000)}${unit(w)}`);
  const state = capped.map((w) => `"${w.name}";r=${Math.max(0, w.limit - w.used)};t=${secondsUntil(w.endsAt, now)}`);
  return { 'RateLimit-Policy': policy.join(', '), RateLimit: state.join(', ') };
}

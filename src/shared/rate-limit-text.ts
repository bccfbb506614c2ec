// How a refusal by the limits is said, in the same words everywhere a person reads it: the REST
// problem's detail (and so the CLI), the web 429 page, the MCP tool error and the stdio bridge.
// One sentence with the wait in human time and the clock time it ends, e.g.
//   "Rate limit reached for search (your account's daily limit); retry in 5 h 17 min (at 00:00 UTC)."
// Free of zod and of any I/O, so the CLI can load it on the error path without cost.

/** Which window refused, as the limits service names it: `account-day`, `company-minute`, … */
const LIMIT_PATTERN = /^(account|company)-(minute|day|month)$/;
const PERIOD_WORDS: Record<string, string> = { minute: 'per-minute', day: 'daily', month: 'monthly' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "your account's daily limit", "your company's per-minute limit"; undefined for a name it does not know. */
export function limitName(limit: string | undefined): string | undefined {
  const match = limit === undefined ? null : LIMIT_PATTERN.exec(limit);
  if (!match) return undefined;
  return `your ${match[1]}'s ${PERIOD_WORDS[match[2]!]} limit`;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** A wait as a person says it: "42 s", "3 min 20 s", "17 min", "5 h 17 min", "12 d 5 h". */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  // Under ten minutes the seconds still matter to someone waiting.
  return minutes < 10 && rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/**
 * When a wait ends, on the UTC clock: "00:00 UTC", and the day too when it is not within the
 * next 24 hours ("00:00 UTC on 1 July"). Rounded up to the minute, so retrying at the time shown
 * is never too early.
 */
export function clockWords(at: Date, now: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  const clock = `${two(minute.getUTCHours())}:${two(minute.getUTCMinutes())} UTC`;
  if (minute.getTime() - now.getTime() < 86_400_000) return clock;
  const year = minute.getUTCFullYear() === now.getUTCFullYear() ? '' : ` ${minute.getUTCFullYear()}`;
  return `${clock} on ${minute.getUTCDate()} ${MONTHS[minute.getUTCMonth()]}${year}`;
}

/** "in 42 s", "in 5 h 17 min (at 00:00 UTC)": the clock is left out of waits under a minute. */
export function retryWhen(seconds: number, now: Date = new Date()): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `in ${waitWords(s)}`;
  return `in ${waitWords(s)} (at ${clockWords(new Date(now.getTime() + s * 1000), now)})`;
}

export interface RateLimitWords {
  /** What was refused, as words after "Rate limit reached": "for search", "on https://rcat.example". */
  what?: string;
  /** The window that refused (`account-day`, …), when known. */
  limit?: string;
  /** Seconds before retrying (Retry-After), when known. */
  retryAfter?: number;
  now?: Date;
}

/**
 * The one sentence: "Rate limit reached for search (your account's daily limit); retry in 5 h 17 min
 * (at 00:00 UTC)." Without a known wait it says "retry later".
 */
export function rateLimitSentence({ what, limit, retryAfter, now = new Date() }: RateLimitWords): string {
  const which = limitName(limit);
  const when = retryAfter === undefined || !Number.isFinite(retryAfter) ? 'later' : retryWhen(retryAfter, now);
  return `Rate limit reached${what ? ` ${what}` : ''}${which ? ` (${which})` : ''}; retry ${when}.`;
}

// How long a sign-in has left, as `rcat login` and `rcat status` show it (docs/cli.md, "Time
// left"). The remaining time is counted in whole minutes, the minute in progress included, then
// shown rounded DOWN: days (and hours) while a day or more remains, hours under a day, minutes
// under an hour. So a 30-day token shows "30 days" in the minute it was created and "29 days 23
// hours" after that: never more time than there is, beyond the minute being counted.
/** `rcat login` and `rcat status` warn from this many days left. */
export const EXPIRY_WARNING_DAYS = 7;

const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1_440;

export interface TimeLeft {
  expired: boolean;
  /** Whole days left (0 under a day); negative once expired. `rcat status --json`'s `daysLeft`. */
  days: number;
  /** "30 days", "29 days 23 hours", "5 hours", "12 minutes"; "expired". */
  text: string;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function timeLeft(iso: string | null | undefined, now: Date = new Date()): TimeLeft | null {
  if (!iso) return null;
  const ms = Date.parse(iso) - now.getTime();
  if (Number.isNaN(ms)) return null;
  // A token whose expiry time has come is refused by the server (expiresAt <= now).
  if (ms <= 0) return { expired: true, days: Math.min(-1, Math.floor(ms / (MINUTES_PER_DAY * MINUTE_MS))), text: 'expired' };
  const minutes = Math.ceil(ms / MINUTE_MS);
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const hours = Math.floor((minutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  let text: string;
  if (days > 0) text = hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  else if (hours > 0) text = plural(hours, 'hour');
  else text = plural(minutes, 'minute');
  return { expired: false, days, text };
}

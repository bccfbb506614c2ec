// Fixed windows aligned to UTC boundaries: the minute (hh:mm:00), the day (00:00:00 UTC) and the
// calendar month (the 1st, 00:00:00 UTC). Each window instance has its own counter key, so a
// window "resets" simply by the next instance starting with a fresh key.
import type { UsagePeriod } from '../../shared/usage.js';

export interface WindowInstance {
  readonly period: UsagePeriod;
  /** Label of this instance: 2026-11-22T10:15, 2026-11-22, 2026-11. */
  readonly label: string;
  readonly startsAt: number;
  readonly endsAt: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The latest instance per period: every request of the same minute asks for the same three. */
const latest: Partial<Record<UsagePeriod, WindowInstance>> = {};

export function windowInstance(period: UsagePeriod, now: Date): WindowInstance {
  const t = now.getTime();
  const cached = latest[period];
  if (cached && t >= cached.startsAt && t < cached.endsAt) return cached;
  const instance = computeInstance(period, now, t);
  latest[period] = instance;
  return instance;
}

function computeInstance(period: UsagePeriod, now: Date, t: number): WindowInstance {
  const iso = now.toISOString();
  switch (period) {
    case 'minute': {
      const startsAt = Math.floor(t / MINUTE_MS) * MINUTE_MS;
      return { period, label: iso.slice(0, 16), startsAt, endsAt: startsAt + MINUTE_MS };
    }
    case 'day': {
      const startsAt = Math.floor(t / DAY_MS) * DAY_MS;
      return { period, label: iso.slice(0, 10), startsAt, endsAt: startsAt + DAY_MS };
    }
    case 'month': {
      const y = now.getUTCFullYear();
      const m = now.getUTCMonth();
      return { period, label: iso.slice(0, 7), startsAt: Date.UTC(y, m, 1), endsAt: Date.UTC(y, m + 1, 1) };
    }
  }
}

/**
 * Whole seconds until `endsAt`, rounded up and at least 1: a client that waits this long is
 * past the boundary (Retry-After, RFC 9110 section 10.2.3, is a non-negative integer; we never
 * send 0 because at the boundary itself the new window has already begun).
 */
export function secondsUntil(endsAt: number, now: Date): number {
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

// The rule `rcat login` and `rcat status` use to show the time a sign-in has left (src/cli/
// time-left.ts, docs/cli.md "Time left"), on a fixed clock: minutes counted with the one in
// progress, then rounded down, so it never shows more time than there is beyond that minute.
import { describe, expect, it } from 'vitest';
import { timeLeft } from '../src/cli/time-left.js';

const now = new Date('2026-11-22T12:00:00.000Z');
const MIN = 60_000;
const DAY = 1_440 * MIN;
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('timeLeft', () => {
  it.each([
    ['a 30-day token in its first second', 30 * DAY - 1_000, '30 days', 30],
    ['a 30-day token in its first minute', 30 * DAY - 59_000, '30 days', 30],
    ['a 30-day token after one minute', 30 * DAY - MIN - 1, '29 days 23 hours', 29],
    ['exactly one day', DAY, '1 day', 1],
    ['one day and one hour', DAY + 60 * MIN, '1 day 1 hour', 1],
    ['one minute under a day', DAY - MIN, '23 hours', 0],
    ['exactly one hour', 60 * MIN, '1 hour', 0],
    ['59 minutes', 59 * MIN, '59 minutes', 0],
    ['one second', 1_000, '1 minute', 0],
  ])('%s → "%s"', (_label, ms, text, days) => {
    expect(timeLeft(at(ms), now)).toEqual({ expired: false, days, text });
  });

  it('is expired from the expiry instant on, with negative days', () => {
    expect(timeLeft(at(0), now)).toEqual({ expired: true, days: -1, text: 'expired' });
    expect(timeLeft(at(-3 * DAY - 1), now)).toEqual({ expired: true, days: -4, text: 'expired' });
  });

  it('is null when there is no (readable) expiry', () => {
    expect(timeLeft(null, now)).toBeNull();
    expect(timeLeft('not a date', now)).toBeNull();
  });
});

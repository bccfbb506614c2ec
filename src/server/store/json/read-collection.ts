// Read-side access to a state collection: unlike `collection()` it never adds a missing array,
// because `JsonFileStore.read` callbacks must not modify the state they are given.
import type { State } from './state.js';

export function readCollection<T>(state: Readonly<State>, name: string): readonly T[] {
  const existing = state[name];
  return Array.isArray(existing) ? (existing as T[]) : [];
}

/** A detached copy, so callers can never change the state held in memory. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

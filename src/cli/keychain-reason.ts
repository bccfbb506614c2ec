// What the CLI says when the OS keychain cannot be used (./credentials.ts): the cause in words
// a user can act on, and the error for a sign-in kept in a keychain that cannot be reached now.
import { CliError } from './exit-codes.js';

/**
 * Why the keychain could not be used, in words a user can act on. The Secret Service (Linux)
 * answers differently for each cause: no session bus at all, no service on it, no default
 * keyring (a keyring daemon started without a login keyring has only its in-memory "session"
 * collection), a locked keyring whose unlock prompt could not be shown.
 */
export function keychainReason(message: string): string {
  const first = message.split('\n')[0] ?? '';
  if (/DBUS_SESSION_BUS_ADDRESS|autolaunch|Failed to connect to socket|No such file or directory.*bus/i.test(first)) return 'no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set or its bus is gone';
  if (/ServiceUnknown|was not provided by any \.service|org\.freedesktop\.secrets/i.test(first)) return 'no Secret Service on the session bus (no keyring daemon is running)';
  if (/no result found|NoSuchObject|aliases\/default/i.test(first)) return 'the Secret Service has no default keyring (only a temporary session one): create or unlock a login keyring, e.g. with your desktop\'s password manager';
  if (/prompt was dismissed|locked|IsLocked/i.test(first)) return 'the keyring is locked and could not be unlocked here (no unlock prompt could be shown)';
  return first.length > 100 ? `${first.slice(0, 99)}…` : first;
}

export function keychainUnreachable(server: string, error: Error): CliError {
  return new CliError('keychain', `Your sign-in to ${server} is kept in the OS keychain, which cannot be reached now: ${keychainReason(error.message)}.`, {
    hint: 'Run rcat from your desktop session (where the keyring is unlocked), or start and unlock the keyring (e.g. gnome-keyring-daemon --unlock) — or sign in again with rcat login --insecure-storage to keep the token in a private file instead.',
  });
}

// The CLI's private folder and its files. Secrets may live here (the plain-file fallback of
// credentials.ts), so the folder is 0700 and files are 0600: wider permissions on a folder or
// file we own are narrowed, on one we do not own we refuse to use it (like ssh does).
// Writes are atomic and durable: temporary file in the same folder, fsync, rename, fsync folder.
// A file here is never followed through a symbolic link, nor chmod-ed through one: a link (or
// anything not a regular file) where a private file should be is refused, and its target is
// never read, narrowed or replaced — another user's link could otherwise aim our secret, or our
// chmod, at a file of their choosing.
import { closeSync, constants, fchmodSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, chmodSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError } from './exit-codes.js';

const POSIX = process.platform !== 'win32';

/**
 * `RCAT_CONFIG_DIR`, else the platform's config folder, read from the given environment:
 * $XDG_CONFIG_HOME/rcat (default ~/.config/rcat) on Linux and other Unix systems,
 * ~/Library/Preferences/rcat on macOS, %APPDATA%/rcat/Config on Windows.
 */
export function configDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (env.RCAT_CONFIG_DIR) return path.resolve(env.RCAT_CONFIG_DIR);
  const home = (platform === 'win32' ? env.USERPROFILE : env.HOME) || os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'rcat');
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'rcat', 'Config');
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'rcat');
}

/** Creates the folder 0700, or narrows it to 0700; refuses a folder owned by someone else. */
export function ensurePrivateDir(dir: string, create = true): void {
  if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!POSIX) return;
  const st = statSync(dir);
  if (!st.isDirectory()) throw new CliError('error', `${dir} is not a folder.`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) {
    throw new CliError('error', `Refusing to keep credentials in ${dir}: it is owned by another user.`);
  }
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** Refuses a symbolic link or a non-regular file where the private file `file` should be. */
function refuseNonRegular(file: string, isLink: boolean, isFile: boolean): void {
  if (isLink) throw new CliError('error', `Refusing to use ${file}: it is a symbolic link. Remove it (rcat keeps its own file there) and sign in again.`);
  if (!isFile) throw new CliError('error', `Refusing to use ${file}: it is not a regular file.`);
}

/** Reads a private file; narrows it (0600) and its folder (0700) first. Null when absent. */
export function readPrivateFile(file: string): string | null {
  try {
    ensurePrivateDir(path.dirname(file), false);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!POSIX) {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  let fd: number;
  try {
    // O_NOFOLLOW: a link is not opened (ELOOP), so what is checked below is what is read.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') refuseNonRegular(file, true, false);
    throw error;
  }
  try {
    const st = fstatSync(fd);
    refuseNonRegular(file, false, st.isFile());
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) {
      throw new CliError('error', `Refusing to read ${file}: it is owned by another user.`);
    }
    if ((st.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Atomically replaces `file` with `content`, mode 0600, surviving a crash once it returns. */
export function writePrivateFile(file: string, content: string): void {
  const dir = path.dirname(file);
  ensurePrivateDir(dir);
  if (POSIX) {
    try {
      const st = lstatSync(file);
      refuseNonRegular(file, st.isSymbolicLink(), st.isFile());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(tmp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw error;
  }
  if (POSIX) {
    try {
      const dfd = openSync(dir, 'r');
      try { fsyncSync(dfd); } finally { closeSync(dfd); }
    } catch { /* some filesystems cannot fsync a folder; the rename is still atomic */ }
  }
}

export function removeFile(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** "~/.config/rcat/…" for messages. */
export function displayPath(file: string): string {
  const home = os.homedir();
  return home && file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : file;
}

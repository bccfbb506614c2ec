// Web sign-in sessions in the JSON state file (collection "webSessions"). Only the SHA-256 of
// the cookie secret is stored; expired sessions are pruned whenever a session is written.
import type { JsonFileStore } from './json-file.js';
import type { WebSession, WebSessionStore } from '../ports/index.js';
import { collection, type State } from './state.js';

const sessions = (state: State) => collection<WebSession>(state, 'webSessions');

function live(s: WebSession, now: Date): boolean {
  return Date.parse(s.expiresAt) > now.getTime() && Date.parse(s.idleExpiresAt) > now.getTime();
}

export class JsonWebSessionStore implements WebSessionStore {
  constructor(private readonly file: JsonFileStore) {}

  async insert(session: WebSession, now: Date): Promise<void> {
    await this.file.mutate((state) => {
      const all = sessions(state);
      const kept = all.filter((s) => live(s, now));
      kept.push(session);
      state.webSessions = kept;
    });
  }

  findByHash(tokenHash: string): Promise<WebSession | null> {
    return this.file.read((state) => {
      const list = state.webSessions;
      if (!Array.isArray(list)) return null;
      const found = (list as WebSession[]).find((s) => s.tokenHash === tokenHash);
      return found ? { ...found } : null;
    });
  }

  async touch(id: string, lastSeenAt: string, idleExpiresAt: string): Promise<void> {
    await this.file.mutate((state) => {
      const s = sessions(state).find((x) => x.id === id);
      if (s && s.lastSeenAt < lastSeenAt) {
        s.lastSeenAt = lastSeenAt;
        s.idleExpiresAt = idleExpiresAt;
      }
    });
  }

  async delete(id: string): Promise<void> {
    await this.file.mutate((state) => {
      state.webSessions = sessions(state).filter((s) => s.id !== id);
    });
  }

  async deleteForAccount(accountId: string): Promise<number> {
    return this.file.mutate((state) => {
      const all = sessions(state);
      const kept = all.filter((s) => s.accountId !== accountId);
      state.webSessions = kept;
      return all.length - kept.length;
    });
  }
}

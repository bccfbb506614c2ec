import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.js';
import { anAccount, type StoreFactory } from './harness.js';

export function accountsContract(factory: StoreFactory): void {
  describe('AccountStore', () => {
    it('creates an account with an id and creation time, and reads it back by id and by e-mail in any case', async () => {
      const store = await factory.open();
      const created = await store.accounts.create({
        email: 'Ada.Lovelace@Example.test',
        name: 'Ada',
        company: 'Analytical Engines',
        plan: 'paid',
        paidUntil: '2027-01-31',
        passwordHash: 'scrypt$abc',
      });
      expect(created).toMatchObject({ email: 'Ada.Lovelace@Example.test', plan: 'paid', paidUntil: '2027-01-31', disabled: false, company: 'Analytical Engines' });
      expect(created.id).toMatch(/\S/);
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      expect(await store.accounts.getById(created.id)).toEqual(created);
      expect(await store.accounts.getByEmail('ada.lovelace@example.TEST')).toEqual(created);
      expect(await store.accounts.getById('no-such-id')).toBeNull();
      expect(await store.accounts.getByEmail('nobody@example.test')).toBeNull();
    });

    it('refuses a second account with the same e-mail in another case with 409 conflict, and keeps the first', async () => {
      const store = await factory.open();
      const first = await anAccount(store, { email: 'Same@Example.test' });
      const attempt = anAccount(store, { email: 'same@example.TEST' });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ status: 409, code: 'conflict' });
      expect(await store.accounts.list()).toEqual([first]);
    });

    it('compares e-mail addresses case-insensitively beyond ASCII (Ä/ä, Σ/ς), like JavaScript toLowerCase', async () => {
      const store = await factory.open();
      const first = await anAccount(store, { email: 'ÄDA.ΣΑΣ@Example.test' });
      expect(await store.accounts.getByEmail('äda.σας@example.test')).toEqual(first);
      await expect(anAccount(store, { email: 'äda.σας@EXAMPLE.test' })).rejects.toMatchObject({ status: 409 });
      expect(await store.accounts.getByEmail('ada.σας@example.test')).toBeNull();
    });

    it('lists every account', async () => {
      const store = await factory.open();
      const made = [await anAccount(store), await anAccount(store), await anAccount(store)];
      const listed = await store.accounts.list();
      expect(listed).toHaveLength(3);
      expect(new Set(listed.map((a) => a.id))).toEqual(new Set(made.map((a) => a.id)));
    });

    it('updates only the given fields and returns the new record; null for an unknown id', async () => {
      const store = await factory.open();
      const a = await anAccount(store, { company: 'Acme' });
      const updated = await store.accounts.update(a.id, { disabled: true, plan: 'paid', paidUntil: '2030-12-31', company: null });
      expect(updated).toEqual({ ...a, disabled: true, plan: 'paid', paidUntil: '2030-12-31', company: null });
      expect(await store.accounts.getById(a.id)).toEqual(updated);
      expect(await store.accounts.update('no-such-id', { disabled: true })).toBeNull();
    });

    it('refuses to update an e-mail to another account\'s (any case) with 409 conflict and changes nothing; its own in another case is fine', async () => {
      const store = await factory.open();
      const a = await anAccount(store, { email: 'first@example.test', name: 'First' });
      const b = await anAccount(store, { email: 'second@example.test' });
      const attempt = store.accounts.update(a.id, { email: 'SECOND@example.test', name: 'Renamed' });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ status: 409, code: 'conflict' });
      expect(await store.accounts.getById(a.id)).toEqual(a);
      expect(await store.accounts.getById(b.id)).toEqual(b);
      expect(await store.accounts.update(a.id, { email: 'First@Example.test' })).toEqual({ ...a, email: 'First@Example.test' });
    });

    it('keeps text exactly, including quotes, backslashes, NUL-free unicode and SQL-looking input', async () => {
      const store = await factory.open();
      const name = `O'Brien "Robert'); DROP TABLE accounts;--" \\ ünïcødé 😀`;
      const a = await anAccount(store, { name, company: `Ünï "Co" ' ;--` });
      expect((await store.accounts.getById(a.id))!.name).toBe(name);
      expect((await store.accounts.list()).length).toBe(1);
    });

    it('stores text with a NUL character exactly, or refuses it with 400 invalid_request — never another error', async () => {
      const store = await factory.open();
      const outcome = await anAccount(store, { name: 'nul\u0000inside' }).then(
        (a) => ({ ok: true as const, a }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      if (outcome.ok) expect((await store.accounts.getById(outcome.a.id))!.name).toBe('nul\u0000inside');
      else {
        expect(outcome.error).toBeInstanceOf(AppError);
        expect(outcome.error).toMatchObject({ status: 400, code: 'invalid_request' });
        expect(await store.accounts.list()).toEqual([]);
      }
      const lookup = await store.accounts.getByEmail('a\u0000b@example.test').then(
        (found) => found,
        (error: unknown) => {
          expect(error).toMatchObject({ status: 400 });
          return null;
        },
      );
      expect(lookup).toBeNull();
      expect((await anAccount(store)).id).toMatch(/\S/); // the store still works
    });
  });
}

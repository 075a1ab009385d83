import { describe, expect, it, vi } from 'vitest';
import { lazyCalls } from '../src/lazy-calls.js';

interface Calls {
  sms: { loginOrCreate(phone: string): Promise<string> };
  authenticate(code: string, id: string): Promise<string>;
}

function namespace() {
  const made: Calls = {
    sms: { loginOrCreate: async (phone) => `sent to ${phone}` },
    authenticate: async (code, id) => `${code} for ${id}`,
  };
  const load = vi.fn(async () => made);
  return { calls: lazyCalls<Calls>(load), load };
}

describe('lazyCalls', () => {
  it('loads nothing until the first call, then once, and answers what the real call answers', async () => {
    const { calls, load } = namespace();
    const send = calls.sms.loginOrCreate;
    expect(load).not.toHaveBeenCalled();
    await expect(send('+15555550100')).resolves.toBe('sent to +15555550100');
    await expect(calls.authenticate('123456', 'phone-1')).resolves.toBe('123456 for phone-1');
    expect(load).toHaveBeenCalledOnce();
  });

  it('is never taken for a promise', async () => {
    const { calls, load } = namespace();
    expect((calls as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(calls)).resolves.toBe(calls);
    expect(load).not.toHaveBeenCalled();
  });

  it('rejects a call whose load failed, and the next call loads again', async () => {
    const made: Calls = { sms: { loginOrCreate: async () => 'sent' }, authenticate: async () => 'ok' };
    const load = vi.fn<() => Promise<Calls>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(made);
    const calls = lazyCalls(load);
    await expect(calls.authenticate('1', '2')).rejects.toThrow('Failed to fetch');
    await expect(calls.authenticate('1', '2')).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says which member is not a call', async () => {
    const { calls } = namespace();
    await expect((calls as unknown as { sms: () => Promise<unknown> }).sms()).rejects.toThrow('Vestibule client: sms is not a call.');
  });
});

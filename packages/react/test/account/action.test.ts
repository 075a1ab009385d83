import { describe, expect, it, vi } from 'vitest';
import type { VestibuleClient } from '@vestibule/client';
import { createActionRunner, type ActionState } from '../../src/account/action';
import { apiError, SESSION_RESPONSE, USER } from '../helpers';

/** A runner whose states and the host's events are recorded. */
function runner() {
  const states: ActionState[] = [];
  const tools = { client: {} as VestibuleClient, free: (text: string) => text, emit: vi.fn(), reportError: vi.fn() };
  let userId = USER.user_id;
  const run = createActionRunner({ tools: () => tools, userId: () => userId, onState: (s) => states.push(s) });
  return { run, states, tools, last: () => states.at(-1), signIn: (id: string) => (userId = id) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the account page action runner', () => {
  it('a change that succeeds tells the host what changed, says its success and hands on its answer', async () => {
    const { run, tools, last } = runner();
    const done = vi.fn();
    run.run({ call: async () => 'answer', change: 'email_added', success: 'Email address added.', done });
    expect(last()).toEqual({ kind: 'pending' });
    await settle();
    expect(tools.emit).toHaveBeenCalledExactlyOnceWith('ACCOUNT_UPDATED', { change: 'email_added' });
    expect(last()).toEqual({ kind: 'succeeded', message: 'Email address added.' });
    expect(done).toHaveBeenCalledWith('answer');
  });

  it("a failure of the account page's own gives the server's words, where the change puts it, and goes to onError", async () => {
    const { run, tools, last } = runner();
    run.run({ call: async () => Promise.reject(apiError('last_way_in', 'The server words it.')), field: true });
    await settle();
    expect(last()).toMatchObject({ kind: 'failed', field: true, message: 'The server words it.' });
    expect(tools.reportError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'last_way_in' }));
    expect(tools.emit).not.toHaveBeenCalled();
  });

  it('reauthentication_required waits for the confirm step, then sends the same change again', async () => {
    const { run, tools, last } = runner();
    const call = vi
      .fn()
      .mockRejectedValueOnce(apiError('reauthentication_required', 'confirm', 403))
      .mockResolvedValueOnce('ok');
    run.run({ call, change: 'password_removed' });
    await settle();
    expect(last()).toEqual({ kind: 'confirming', confirmations: 0, message: 'confirm' });
    expect(tools.reportError).not.toHaveBeenCalled();
    run.confirmed(SESSION_RESPONSE);
    await settle();
    expect(call).toHaveBeenCalledTimes(2);
    expect(last()).toEqual({ kind: 'idle' });
    expect(tools.emit).toHaveBeenCalledExactlyOnceWith('ACCOUNT_UPDATED', { change: 'password_removed' });
  });

  it('a change that still needs a recent sign-in after the confirmation waits for another, saying so', async () => {
    const { run, last } = runner();
    const call = vi.fn().mockRejectedValue(apiError('reauthentication_required', 'confirm', 403));
    run.run({ call });
    await settle();
    run.confirmed(SESSION_RESPONSE);
    await settle();
    expect(call).toHaveBeenCalledTimes(2);
    expect(last()).toEqual({ kind: 'confirming', confirmations: 1, message: 'confirm' });
  });

  it('a confirmation that signed in another user does not carry on, though the page already shows that user', async () => {
    const { run, last, signIn } = runner();
    const call = vi.fn().mockRejectedValue(apiError('reauthentication_required', 'confirm', 403));
    run.run({ call });
    await settle();
    const someoneElse = { ...USER, user_id: 'user-other' };
    // The client stores the new session (and its user) before the sign-in answers.
    signIn(someoneElse.user_id);
    run.confirmed({ ...SESSION_RESPONSE, user_id: someoneElse.user_id, user: someoneElse });
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({ kind: 'idle' });
  });

  it("a confirmation held for another account's second step (no User in the answer) does not carry on", async () => {
    const { run, last } = runner();
    const call = vi.fn().mockRejectedValue(apiError('reauthentication_required', 'confirm', 403));
    run.run({ call });
    await settle();
    run.confirmed({
      status_code: 200,
      request_id: 'req-held',
      user_id: 'user-other',
      intermediate_session_token: 'intermediate-1',
      intermediate_session_expires_at: '2026-01-01T00:10:00Z',
      two_step: 'verify',
    });
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({ kind: 'idle' });
  });

  it('a change given up (another started, or cancelled) is aborted and its late answer changes nothing', async () => {
    const { run, tools, states } = runner();
    let first: AbortSignal | undefined;
    let answer!: (value: string) => void;
    run.run({
      call: (_client, signal) => {
        first = signal;
        return new Promise<string>((resolve) => {
          answer = resolve;
        });
      },
      change: 'email_removed',
    });
    run.run({ call: async () => 'second' });
    expect(first?.aborted).toBe(true);
    answer('late');
    await settle();
    expect(tools.emit).not.toHaveBeenCalled();
    run.cancel();
    expect(states.at(-1)).toEqual({ kind: 'idle' });
  });
});

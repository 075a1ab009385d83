import { errorTypeOf, type VestibuleClient, type VestibuleErrorInfo } from '@vestibule/client';
import type { SignInResponse } from '@vestibule/contract';
import { messageForError, toErrorInfo } from '../flow/errors';
import type { AccountChange, WidgetEventType } from '../types';

/** One thing a section of the account page does: a call, and what follows from it. */
export interface Change<T = unknown> {
  /** The call; the signal is aborted when the change is given up (cancelled, another one started, the section left). */
  call(client: VestibuleClient, signal: AbortSignal): Promise<T>;
  /** ACCOUNT_UPDATED's `change`, told to the host once the call succeeds. */
  change?: AccountChange;
  /** Said once it succeeds (translated), or made from the answer. */
  success?: string | ((value: T) => string);
  /** A failure is shown under the field the section ties it to, not in the section's banner. */
  field?: boolean;
  /**
   * The message of a failure (default: the catalogue's or the server's words), for failures the
   * server does not word (a wallet's, a passkey dialog's); null: nothing to say (the person closed
   * the browser's dialog), nor to report.
   */
  message?(err: unknown): string | null;
  /** What the section does with the answer (the next step, the list it loaded). */
  done?(value: T): void;
}

/** Where a section's change is. */
export type ActionState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'succeeded'; message: string }
  | { kind: 'failed'; message: string; field: boolean; error: VestibuleErrorInfo }
  /**
   * The change needs a recent sign-in: the confirm step shows, then the same change is sent again.
   * `confirmations`: how many it has had already, and still it needs one (the server did not count
   * that sign-in, e.g. a passkey added in this very session): the step says so. `message`: why,
   * in the server's words (the login mount's catalogue does not carry the account page's errors).
   */
  | { kind: 'confirming'; confirmations: number; message: string };

/** What the runner uses of the mount, read at each call (the host may pass new callbacks). */
export interface ActionTools {
  client: VestibuleClient;
  free(text: string): string;
  emit(type: WidgetEventType, data: unknown): void;
  reportError(error: VestibuleErrorInfo): void;
}

export interface ActionRunner {
  /** Starts a change; one at a time per runner: a change under way is given up. */
  run<T>(change: Change<T>): void;
  /** The confirm step signed in again: the change that asked for it is sent again, if its user signed in. */
  confirmed(response: SignInResponse): void;
  /** Gives up what is under way (or waiting for the confirm step) and clears what was said. */
  cancel(): void;
}

/**
 * Runs the changes of one section of the account page, outside React, feature-blind: each call
 * gets an AbortController of its own (a late answer of a change given up changes nothing, as
 * flow/runner.ts does for a screen), success tells the host ACCOUNT_UPDATED, a failure becomes the
 * message the section shows and goes to onError, and a change answered reauthentication_required
 * waits for the confirm step, then is sent again as it was. A confirm step that signed in someone
 * else (another account's passkey) does not carry on: the change was the user's who started it
 * (the page then shows the account now signed in, AccountPage.tsx).
 */
export function createActionRunner(options: { tools: () => ActionTools; userId: () => string; onState(state: ActionState): void }): ActionRunner {
  const { tools, userId, onState } = options;
  let controller: AbortController | null = null;
  /** The change waiting for the confirm step (sent again by `resend`), and whose it is. */
  let waiting: { resend(): void; owner: string } | null = null;

  /** Sends a change; `confirmations`: how many confirm steps it has had. */
  function send<T>(change: Change<T>, confirmations: number): void {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    waiting = null;
    onState({ kind: 'pending' });
    const w = tools();
    const owner = userId();
    change.call(w.client, own.signal).then(
      (value) => {
        if (own.signal.aborted) return;
        controller = null;
        if (change.change) w.emit('ACCOUNT_UPDATED', { change: change.change });
        const success = typeof change.success === 'function' ? change.success(value) : change.success;
        onState(success ? { kind: 'succeeded', message: success } : { kind: 'idle' });
        change.done?.(value);
      },
      (err: unknown) => {
        if (own.signal.aborted) return;
        controller = null;
        if (errorTypeOf(err) === 'reauthentication_required') {
          waiting = { resend: () => send(change, confirmations + 1), owner };
          onState({ kind: 'confirming', confirmations, message: messageForError(err, w.free) });
          return;
        }
        const message = change.message ? change.message(err) : messageForError(err, w.free);
        if (message === null) return onState({ kind: 'idle' });
        const error = toErrorInfo(err);
        onState({ kind: 'failed', message, field: Boolean(change.field), error });
        w.reportError(error);
      },
    );
  }

  const runner: ActionRunner = {
    run: (change) => send(change, 0),
    confirmed(response) {
      const pending = waiting;
      waiting = null;
      if (!pending) return;
      // user_id, not user: a sign-in held for a second step (someone else's account, or this
      // session ended meanwhile) answers no User.
      if (response.user_id !== pending.owner) return onState({ kind: 'idle' });
      pending.resend();
    },
    cancel() {
      controller?.abort();
      controller = null;
      waiting = null;
      onState({ kind: 'idle' });
    },
  };
  return runner;
}

import { escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';
import type { AppDeps } from '../../http/app-env.js';
import { getUser } from '../../kernel/users.js';

/**
 * The owner's warning when wrong second-step codes lock the step for everyone: whoever typed them
 * got past a first factor (the password, the mailbox, …), which the owner should change now. The
 * lock alone only slows the guessing; this tells the one person who can end it.
 */
export function lockAlertEmail(input: { to: string; projectName: string; minutes: number }): EmailMessage {
  const subject = `Someone is trying to sign in to your ${input.projectName} account`;
  const lines = [
    'Hello,',
    '',
    `Someone signed in to ${input.projectName} as you and then entered wrong codes from your authenticator app many times, so the second step is paused for ${input.minutes} minutes.`,
    '',
    'If this was not you, someone else knows your password or can sign in another way you use. Reset your password now, and check the ways you sign in and the signed-in devices on your account page.',
    '',
    'If it was you, wait until the pause ends, then enter the current code from your app, or one of your recovery codes.',
  ];
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n')}</body></html>`;
  return { to: input.to, subject, text: lines.join('\n'), html };
}

/** Sends the warning to the user's primary email, if they have one; a failed send is logged, never the guess's answer. */
export async function alertOwner(deps: AppDeps, userId: string, lockedUntil: Date, now: Date, requestId: string): Promise<void> {
  const to = (await getUser(deps, userId))?.emails.find((email) => email.primary)?.email;
  deps.log.warn('Two-step verification locked by wrong codes', { request_id: requestId, user_id: userId, alerted: Boolean(to) });
  if (!to) return;
  const minutes = Math.max(1, Math.round((lockedUntil.getTime() - now.getTime()) / 60_000));
  try {
    await deps.email.send(lockAlertEmail({ to, projectName: deps.config.project.name, minutes }));
  } catch (error) {
    deps.log.error('Two-step lock warning not sent', { request_id: requestId, user_id: userId, error: error instanceof Error ? error.message : String(error) });
  }
}

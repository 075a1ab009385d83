import { escapeHtml } from '../../delivery/email-parts.js';
import type { EmailMessage } from '../../delivery/email-sender.js';
import { htmlElement, messageLanguage } from '../../delivery/languages.js';
import type { AppDeps } from '../../http/app-env.js';
import { getUser } from '../../kernel/users.js';
import { LOCK_ALERT_WORDING } from './lock-alert-wording.js';

/**
 * The owner's warning when wrong second-step codes lock the step for everyone: whoever typed them
 * got past a first factor (the password, the mailbox, …), which the owner should change now. The
 * lock alone only slows the guessing; this tells the one person who can end it. Worded in the
 * language of `locale` (delivery/languages.ts: unknown or absent is English).
 */
export function lockAlertEmail(input: { to: string; projectName: string; minutes: number; locale?: string | undefined }): EmailMessage {
  const language = messageLanguage(input.locale);
  const words = LOCK_ALERT_WORDING[language];
  const subject = words.subject(input.projectName);
  const lines = [words.hello, '', words.paused(input.projectName, input.minutes), '', words.notYou, '', words.wasYou];
  const html = `<!doctype html>${htmlElement(language)}<body style="font-family:sans-serif;line-height:1.5">${lines
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n')}</body></html>`;
  return { to: input.to, subject, text: lines.join('\n'), html };
}

/**
 * Sends the warning to the user's primary email, if they have one; a failed send is logged, never
 * the guess's answer. In English: the request that locks the step comes from whoever typed the
 * codes, not from the owner, so its language says nothing of the owner's, and no other is stored.
 */
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

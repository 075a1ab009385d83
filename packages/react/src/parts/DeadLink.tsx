import type { StringKey } from '../strings/en';
import { useWidget } from '../widget/context';
import { Destination } from './Destination';
import { EmailForm } from './EmailForm';
import { Heading } from './Heading';

export interface DeadLinkProps {
  /** What the link was for, in plain words ('This login link no longer works') and why. */
  title: StringKey;
  text: StringKey;
  /** Once a new link went out: the title, and the sentence naming the address ({email}). */
  sentTitle: StringKey;
  sentText: StringKey;
  /** The address a new link was sent to, or null while none was asked for. */
  sentTo: string | null | undefined;
  pending: boolean;
  apiError: string | null;
  onSubmit(email: string): void;
}

/**
 * An emailed link that no longer works (used, expired, replaced): said at once in plain words,
 * with the one action that helps, a new link by email, then where it went. Each swap moves focus
 * to the new title, since the screen itself stays the same.
 */
export function DeadLink({ title, text, sentTitle, sentText, sentTo, pending, apiError, onSubmit }: DeadLinkProps) {
  const { t, tr } = useWidget();
  if (sentTo) {
    return (
      <>
        {/* Keys: each title is a new element, so it takes focus when it appears. */}
        <Heading key="sent" focusOnMount>
          {t(sentTitle)}
        </Heading>
        <p className="vst-text">{tr(sentText, { email: <Destination value={sentTo} /> })}</p>
      </>
    );
  }
  return (
    <>
      <Heading key="dead" focusOnMount>
        {t(title)}
      </Heading>
      <p className="vst-text">{t(text)}</p>
      <EmailForm initialEmail="" invalidMessage="invalidEmailFormat" submitLabel="emailMeNewLink" pending={pending} apiError={apiError} onSubmit={onSubmit} />
    </>
  );
}

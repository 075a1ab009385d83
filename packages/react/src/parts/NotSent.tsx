import { useId, useLayoutEffect, useRef } from 'react';
import { useWidget } from '../widget/context';
import { Button } from './Button';
import { FieldError } from './FieldError';

const WORDS = { email: 'notSentEmail', sms: 'notSentText', whatsapp: 'notSentWhatsApp' } as const;

export interface NotSentProps {
  /** What could not be sent: an email, a text message or a WhatsApp message. */
  channel: keyof typeof WORDS;
  /** A new try is under way: the button spins and the words wait for its answer. */
  pending: boolean;
  /** Sends again. Without it the button submits the form it is in, with what its fields hold now. */
  onTryAgain?(): void;
}

/**
 * A message the server could not send (delivery_failed): said in plain words, announced (role=alert),
 * with 'Try again', described by the words and focused as the one thing that helps. The screen
 * shows it where its send button was and keeps it through a new try: each failed try says it
 * again (a new alert) and focuses 'Try again' again.
 */
export function NotSent({ channel, pending, onTryAgain }: NotSentProps) {
  const { t } = useWidget();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!pending) box.current?.querySelector('button')?.focus();
  }, [pending]);
  return (
    <div className="vst-not-sent" ref={box}>
      {pending ? null : <FieldError id={id} message={t(WORDS[channel])} />}
      <Button type={onTryAgain ? 'button' : 'submit'} loading={pending} aria-describedby={pending ? undefined : id} onClick={onTryAgain}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}

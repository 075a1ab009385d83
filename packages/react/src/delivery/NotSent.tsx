import { useId, useLayoutEffect, useRef } from 'react';
import { useWidget } from '../widget/context';
import { Button } from '../parts/Button';
import { FieldError } from '../parts/FieldError';

export interface NotSentProps {
  /** The error's message (the server words it: 'The email could not be sent. Please try again.'). */
  message: string;
  /** Sends again. Without it the button submits the form it is in, with what its fields hold now. */
  onTryAgain?(): void;
}

/**
 * A message the server could not send (delivery_failed): its words, announced (role=alert), and
 * 'Try again', described by them and focused as the one thing that helps. Shown where the screen's
 * send button was; the screen's new try takes it away, and a new failure shows a new one. Out of
 * src/parts/ so that it stays out of the core chunk: only lazily loaded screens show it (Main's
 * forms say it under their field, their button reading 'Try again').
 */
export function NotSent({ message, onTryAgain }: NotSentProps) {
  const { t } = useWidget();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div className="vst-block" ref={box}>
      <FieldError id={id} message={message} />
      <Button type={onTryAgain ? 'button' : 'submit'} aria-describedby={id} onClick={onTryAgain}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}

import { forwardRef, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { BackArrow } from '../../../parts/BackArrow';
import { Heading } from '../../../parts/Heading';
import { Spinner } from '../../../parts/Spinner';
import { useWidget } from '../../../widget/context';
import { OTP_LENGTH } from '../../../passcode/CodeInput';
import { CodeEntry } from '../../../passcode/CodeEntry';
import { AfterEmail } from '../../../main/AfterEmail';

/** The countdown ticks every second; 'Code sent' shows for 2 s. */
export const COUNTDOWN_TICK_MS = 1000;
export const CODE_SENT_MS = 2000;

/** Seconds as m:ss ('4:59'), in the digits of the widget's language (Intl: '٤:٥٩' in Arabic). */
export function formatRemaining(seconds: number, locale = 'en'): string {
  const s = Math.max(0, seconds);
  const digits = (n: number, minimumIntegerDigits: number) => new Intl.NumberFormat(locale, { minimumIntegerDigits, useGrouping: false }).format(n);
  return `${digits(Math.floor(s / 60), 1)}:${digits(s % 60, 2)}`;
}

/** Whole seconds from now until expiresAt, 0 once it has passed. */
const secondsUntil = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));

/** Whole seconds left until expiresAt, ticking every second; restarts when expiresAt moves. */
function useSecondsLeft(expiresAt: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(expiresAt));
  useEffect(() => {
    setSeconds(secondsUntil(expiresAt));
    const timer = setInterval(() => {
      const next = secondsUntil(expiresAt);
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

/**
 * Resend: a link after "Didn't get it?" while the code works; once it no longer does, the one
 * way on, so a full-width button (describedBy: the text saying why, read when it takes focus).
 */
const ResendButton = forwardRef<HTMLButtonElement, { prominent: boolean; describedBy?: string }>(function ResendButton({ prominent, describedBy }, ref) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const status = state.resendStatus;
  useEffect(() => {
    if (status !== 'sent') return undefined;
    const timer = setTimeout(() => send({ type: 'RESEND_SETTLED' }), CODE_SENT_MS);
    return () => clearTimeout(timer);
  }, [status, send]);
  const busy = status === 'sending';
  return (
    <button
      ref={ref}
      type="button"
      className={prominent ? 'vst-button vst-button--secondary' : 'vst-link-button'}
      data-resend-status={status}
      disabled={busy || status === 'sent'}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      onClick={() => send({ type: 'RESEND_OTP' })}
    >
      {busy ? <Spinner /> : null}
      {status === 'sent' ? t('codeSent') : t('resendCode')}
    </button>
  );
});

/**
 * 'Enter passcode': where the code went, the 6-digit entry (submitted as soon as the sixth digit
 * is in), a verifying bar, the expiry countdown, resend, and a back arrow to Main. A code that
 * has expired, or that the server calls dead (otp_code_expired: tries used up), cannot be typed
 * any more: the entry is disabled and resend becomes the button that takes focus.
 */
export function OTPAuthenticate() {
  const { t, locale } = useWidget();
  const { state, send } = useFlow();
  const otp = state.otpState;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const [code, setCode] = useState('');
  const seconds = useSecondsLeft(otp?.expiresAt ?? 0);
  const expired = seconds === 0;
  const error = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor : null;
  const dead = error?.error.error_type === 'otp_code_expired';
  const unusable = expired || dead;

  // Focus the entry when the screen shows (it may arrive after the screen change, being lazy).
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // A failed attempt: clear the entry and put the user back in it (before the message paints),
  // or, when the code is dead, on the resend button, the only thing that helps.
  useLayoutEffect(() => {
    if (!error) return;
    setCode('');
    (dead ? resendRef : inputRef).current?.focus();
  }, [error, dead]);

  // The countdown ran out under the user's fingers: the entry they were in is disabled now, so
  // focus goes on to resend (not if they had moved elsewhere).
  useLayoutEffect(() => {
    if (!expired) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === inputRef.current) resendRef.current?.focus();
  }, [expired]);

  // A new code was sent: start again with an empty entry, ready for typing.
  const firstExpiry = useRef(otp?.expiresAt);
  useEffect(() => {
    setCode('');
    if (otp?.expiresAt !== firstExpiry.current) inputRef.current?.focus();
  }, [otp?.expiresAt]);

  const onChange = (next: string) => {
    if (state.pending) return;
    setCode(next);
    if (next.length === OTP_LENGTH) send({ type: 'AUTHENTICATE_OTP', code: next });
  };

  if (!otp) return null;
  const errorId = `${id}-error`;
  const expiredId = `${id}-expired`;
  return (
    <>
      <div className="vst-header-row">
        <BackArrow label={t('back')} onClick={() => send({ type: 'OTP_BACK' })} />
        <Heading>{t('enterPasscode')}</Heading>
      </div>
      <CodeEntry
        ref={inputRef}
        id={id}
        destination={otp.formattedDestination}
        phone={otp.type !== 'email'}
        value={code}
        onChange={onChange}
        disabled={unusable}
        error={error?.message ?? null}
        pending={state.pending}
      />
      {/* A dead code's message already says it no longer works: a countdown would contradict it. */}
      {dead ? null : expired ? (
        <p className="vst-text vst-countdown" id={expiredId} role="status">
          {t('codeExpired')}
        </p>
      ) : (
        <p className="vst-text vst-countdown">{t('codeExpiresIn', { time: formatRemaining(seconds, locale) })}</p>
      )}
      {unusable ? (
        <ResendButton ref={resendRef} prominent describedBy={dead ? errorId : expiredId} />
      ) : (
        <p className="vst-text vst-resend">
          <span>{t('didNotGetCode')}</span> <ResendButton ref={resendRef} prominent={false} />
        </p>
      )}
      {otp.type === 'email' ? <AfterEmail email={otp.otpDestination} /> : null}
    </>
  );
}

export default OTPAuthenticate;

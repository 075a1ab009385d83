import { useState, type ReactNode } from 'react';
import type { TotpCreateResponse, User } from '@vestibule/contract';
import { ActionStatus } from '../../../account/ActionStatus';
import { useClock } from '../../../account/clock';
import { useAccount, useSection } from '../../../account/context';
import { Step } from '../../../account/Step';
import { useAction } from '../../../account/useAction';
import { Banner } from '../../../parts/Banner';
import { Button } from '../../../parts/Button';
import { say } from '../../../texts/say';
import { useWidget } from '../../../widget/context';
import { RecoveryCodes } from '../parts/RecoveryCodes';
import { AddAppStep } from './AddAppStep';
import { twoStepChanges } from './changes';
import { texts } from './texts';

/** At this many recovery codes left or fewer, the section warns and says to get new ones. */
export const FEW_CODES_LEFT = 3;

/** What the section shows: what is on, the step adding the app, the codes to save (`turnedOn`: just now, else new ones), or 'Turn off?'. */
type View =
  | { step: 'overview' }
  | { step: 'adding'; key: TotpCreateResponse }
  | { step: 'codes'; codes: readonly string[]; turnedOn: boolean }
  | { step: 'turningOff' };

const OVERVIEW: View = { step: 'overview' };

/** The day it was turned on, in the widget's language, e.g. 'Mar 3, 2026'. */
function day(iso: string, locale: string, timeZone: string | undefined): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Date(at).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone });
}

/** How many recovery codes are left, and whether that is few enough to warn. */
function codesLeft(free: (text: string) => string, count: number): { text: string; few: boolean } {
  if (count > FEW_CODES_LEFT) return { text: say(free, texts.codesLeft, { count: String(count) }), few: false };
  if (count === 0) return { text: free(texts.noCodesLeft), few: true };
  if (count === 1) return { text: free(texts.oneCodeLeft), few: true };
  return { text: say(free, texts.fewCodesLeft, { count: String(count) }), few: true };
}

/** On: since when, the codes left (a warning when few), 'Get new recovery codes' and 'Turn off'. */
function On({ totp, busy, onNewCodes, onTurnOff }: { totp: NonNullable<User['totp']>; busy: boolean; onNewCodes(): void; onTurnOff(): void }) {
  const { free, locale } = useWidget();
  const { timeZone } = useClock();
  const left = codesLeft(free, totp.recovery_codes_remaining);
  return (
    <>
      <p className="vst-text">{say(free, texts.onSince, { date: day(totp.created_at, locale, timeZone) })}</p>
      {left.few ? <Banner variant="warning" message={left.text} /> : <p className="vst-text">{left.text}</p>}
      <div className="vst-account-actions">
        <Button variant="secondary" loading={busy} onClick={onNewCodes}>
          {free(texts.newCodes)}
        </Button>
        <Button variant="text" disabled={busy} onClick={onTurnOff}>
          {free(texts.turnOff)}
        </Button>
      </div>
    </>
  );
}

/**
 * 'Two-step verification': off, what it is and 'Add authenticator app' (a new key, then its step:
 * AddAppStep); on, since when and the recovery codes left, 'Get new recovery codes' and 'Turn off'
 * (after a step that says what it means). The recovery codes, on turning on and when new, are shown
 * once in a step of their own until 'I have saved these codes'. Every call goes through the
 * section's runner: a recent sign-in is asked for inline, then the call is made again.
 */
export default function TwoStepSection() {
  const { free } = useWidget();
  const { user } = useAccount();
  const { focusHeading } = useSection();
  const action = useAction();
  const [view, setView] = useState<View>(OVERVIEW);
  const changes = twoStepChanges(free);

  const adding = (key: TotpCreateResponse) => setView({ step: 'adding', key });
  /** Back to what is on; the control that had the focus went with the step, so the heading takes it. */
  const overview = () => {
    setView(OVERVIEW);
    focusHeading();
  };
  const cancel = () => {
    action.cancel();
    overview();
  };

  let body: ReactNode;
  if (view.step === 'adding') {
    body = (
      <AddAppStep
        key={view.key.secret}
        appKey={view.key}
        action={action}
        onTurnedOn={(answer) => setView({ step: 'codes', codes: answer.recovery_codes, turnedOn: true })}
        onStartAgain={() => action.run(changes.create(adding))}
        onCancel={cancel}
      />
    );
  } else if (view.step === 'codes') {
    body = (
      <Step title={free(texts.codesTitle)} focusTitle>
        <p className="vst-text">{free(view.turnedOn ? texts.codesIntro : texts.newCodesIntro)}</p>
        <RecoveryCodes codes={view.codes} onDone={overview} />
      </Step>
    );
  } else if (view.step === 'turningOff') {
    body = (
      <Step title={free(texts.turnOffTitle)} focusTitle>
        <p className="vst-text">{free(texts.turnOffWarning)}</p>
        <Button loading={action.pending} onClick={() => action.run(changes.turnOff(overview))}>
          {free(texts.turnOffConfirm)}
        </Button>
        <Button variant="text" onClick={cancel}>
          {free(texts.cancel)}
        </Button>
      </Step>
    );
  } else if (user.totp) {
    body = (
      <On
        totp={user.totp}
        busy={action.pending}
        onNewCodes={() => action.run(changes.newCodes((answer) => setView({ step: 'codes', codes: answer.recovery_codes, turnedOn: false })))}
        onTurnOff={() => {
          action.cancel();
          setView({ step: 'turningOff' });
        }}
      />
    );
  } else {
    body = (
      <>
        <p className="vst-text">{free(texts.off)}</p>
        <div className="vst-account-actions">
          <Button variant="secondary" loading={action.pending} onClick={() => action.run(changes.create(adding))}>
            {free(texts.add)}
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      {body}
      <ActionStatus action={action} />
    </>
  );
}

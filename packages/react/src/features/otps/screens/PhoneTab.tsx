import { useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../../later/afterPaint';
import { withLater } from '../../../later/load';
import { Button } from '../../../parts/Button';
import { loadOnce } from '../../../parts/loadOnce';
import { useWidget } from '../../../widget/context';
import { CONTINUE_WITH, PHONE_TYPING_TIMEOUT_MS, PhoneStandIn } from './PhoneStandIn';

/**
 * The Text and WhatsApp tabs' form loads after the first paint: most pages open on another tab, and
 * the form is a kilobyte of the login mount's first load. Main fetches it ahead for a tab not
 * showing (MainTab.load), so a switch draws it at once. A page opening on the tab draws the stand-in
 * field and a busy button first, in the form's place: the user can start typing, and the form takes
 * the value, the focus and the caret over when it arrives. Code that does not arrive (an error, or
 * nothing within PHONE_TYPING_TIMEOUT_MS) is said under the field, and the button tries again.
 */
const phoneForm = loadOnce(withLater(() => import('./PhoneForm')));
export const loadPhoneForm = phoneForm.load;

function PhoneTab({ method }: { method: 'sms' | 'whatsapp' }) {
  const { t } = useWidget();
  const [typed, setTyped] = useState('');
  const caret = useRef<number | null>(null);
  const [Form, setForm] = useState(() => phoneForm.ready()?.PhoneForm ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Form || failed) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The wait is timed from the fetch (a page opened in the background paints, and fetches, when shown).
    const cancel = afterPaint(() => {
      timer = setTimeout(() => setFailed(true), PHONE_TYPING_TIMEOUT_MS);
      phoneForm.load().then(
        (m) => live && setForm(() => m.PhoneForm),
        () => live && setFailed(true),
      );
    });
    return () => {
      live = false;
      clearTimeout(timer);
      cancel();
    };
  }, [Form, failed]);
  if (Form) return <Form method={method} typed={typed} caret={caret} />;
  return (
    <form
      className="vst-form"
      onSubmit={(e) => {
        e.preventDefault();
        setFailed(false);
      }}
      noValidate
    >
      <PhoneStandIn value={typed} onValue={setTyped} error={failed ? t('phoneFormNotLoaded') : undefined} gaveUp={failed} caret={caret} />
      <Button type="submit" loading={!failed}>
        {t(failed ? 'tryAgain' : CONTINUE_WITH[method])}
      </Button>
    </form>
  );
}

export function SmsForm() {
  return <PhoneTab method="sms" />;
}

export function WhatsAppForm() {
  return <PhoneTab method="whatsapp" />;
}

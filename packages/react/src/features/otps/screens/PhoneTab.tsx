import { type ComponentType, useEffect, useRef, useState } from 'react';
import { withLater } from '../../../later/load';
import { Button } from '../../../parts/Button';
import { loadOnce } from '../../../parts/loadOnce';
import { useWidget } from '../../../widget/context';
import type { PhoneFormProps } from './PhoneForm';
import { CONTINUE_WITH, caretIfFocused, PhoneStandIn } from './PhoneStandIn';

/**
 * The Text and WhatsApp tabs' form loads after the first paint: most pages open on another tab, and
 * the form is a kilobyte of the login mount's first load. Main fetches it ahead for a tab not
 * showing (MainTab.load), so a switch draws it at once. A page opening on the tab draws the stand-in
 * field and the button first, in the form's place: the user can start typing, and the form takes
 * the value, the focus and the caret over when it arrives.
 */
const phoneForm = loadOnce(withLater(() => import('./PhoneForm')));
export const loadPhoneForm = phoneForm.load;

function PhoneTab({ method }: { method: 'sms' | 'whatsapp' }) {
  const { t } = useWidget();
  const room = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState('');
  const [form, setForm] = useState<{ Form: ComponentType<PhoneFormProps>; focusAt: number | null } | null>(() => {
    const loaded = phoneForm.ready();
    return loaded && { Form: loaded.PhoneForm, focusAt: null };
  });
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (form) return undefined;
    let live = true;
    phoneForm.load().then(
      (m) => live && setForm({ Form: m.PhoneForm, focusAt: caretIfFocused(room.current) }),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [form]);
  // As a lazy part whose code cannot be fetched does: to the mount's error handling.
  if (failure) throw failure.error;
  if (form) return <form.Form method={method} typed={typed} focusAt={form.focusAt} />;
  return (
    <form ref={room} className="vst-form" onSubmit={(e) => e.preventDefault()} noValidate>
      <PhoneStandIn value={typed} onValue={setTyped} />
      <Button type="submit" loading>
        {t(CONTINUE_WITH[method])}
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

import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { Spinner } from '../../../parts/Spinner';
import { TextInput } from '../../../parts/TextInput';
import { useWidget } from '../../../widget/context';
import {
  loadPhoneModule,
  phoneModuleIfLoaded,
  PHONE_SUBMIT_TIMEOUT_MS,
  PHONE_TYPING_TIMEOUT_MS,
  resolvePhone,
  within,
  type CountryCode,
  type PhoneModule,
} from '../phoneModule';
import { usePrefetchPasscodeScreen } from './prefetch';

/**
 * The phone module, loaded when the form mounts. Until it arrives a plain tel input stands in (the
 * user can already type); after PHONE_TYPING_TIMEOUT_MS without it the placeholder stops showing a
 * spinner and stays as the field. If the module arrives later it takes over, keeping the value;
 * `focusAt` is where the caret was in `form`'s stand-in just before (read while the stand-in is
 * still in the document), where the field takes the focus, or null when the focus was elsewhere.
 */
function usePhoneModule(form: RefObject<HTMLFormElement | null>): { mod: PhoneModule | null; gaveUp: boolean; focusAt: number | null } {
  const [mod, setMod] = useState<PhoneModule | null>(phoneModuleIfLoaded);
  const [gaveUp, setGaveUp] = useState(false);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (mod) return undefined;
    let live = true;
    const timer = setTimeout(() => setGaveUp(true), PHONE_TYPING_TIMEOUT_MS);
    loadPhoneModule().then(
      (loaded) => {
        clearTimeout(timer);
        if (!live) return;
        setFocusAt(caretIfFocused(form.current));
        setMod(() => loaded);
      },
      (err: unknown) => {
        clearTimeout(timer);
        console.warn('Vestibule: the phone number field could not load; numbers are sent as typed.', err);
        if (live) setGaveUp(true);
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mod, form]);
  return { mod, gaveUp, focusAt };
}

/** Where the caret is in the form's stand-in number input, or null when the focus is elsewhere. */
function caretIfFocused(form: HTMLFormElement | null): number | null {
  return form?.querySelector<HTMLInputElement>('input:focus')?.selectionStart ?? null;
}

/** Text-message or WhatsApp form: the lazily loaded phone field and its submit button. */
export function PhoneForm({ method }: { method: 'sms' | 'whatsapp' }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The real field replaces the stand-in's element when the module arrives: a user typing at that
  // moment would lose the focus and every key after it, so the field takes the focus and caret over.
  const { mod, gaveUp, focusAt } = usePhoneModule(formRef);
  usePrefetchPasscodeScreen();
  const draft = state.mainDraft?.method === method ? state.mainDraft : null;
  const [country, setCountry] = useState<CountryCode>(() => (draft?.country as CountryCode | undefined) ?? 'US');
  const [value, setValue] = useState(() => draft?.typed ?? '');
  const [invalid, setInvalid] = useState(false);
  const [checking, setChecking] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const apiError = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null;
  const error = invalid ? t('invalidPhoneNumber') : (apiError ?? undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state.pending || checking) return;
    let loaded = mod;
    if (!loaded) {
      setChecking(true);
      loaded = await within(loadPhoneModule(), PHONE_SUBMIT_TIMEOUT_MS);
      if (!live.current) return;
      setChecking(false);
    }
    const phone = resolvePhone(loaded, value, country);
    if (!phone) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    send({ type: 'SUBMIT_OTP', method, destination: phone.e164, formatted: phone.formatted, typed: value, country });
  };

  const onValue = (next: string) => {
    setValue(next);
    if (invalid) setInvalid(false);
  };

  const Field = mod?.PhoneField;
  return (
    <form ref={formRef} className="vst-form" onSubmit={submit} noValidate>
      {Field ? (
        <Field
          id={id}
          label={t('phoneLabel')}
          country={country}
          onCountryChange={setCountry}
          value={value}
          onValueChange={onValue}
          error={error}
          disabled={state.pending || checking}
          placeholder={t('phonePlaceholder')}
          countryLabel={t('phoneCountryLabel')}
          focusAt={focusAt}
        />
      ) : (
        <div className="vst-phone-loading">
          <TextInput
            label={t('phoneLabel')}
            type="tel"
            name="phone"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder={t('phonePlaceholder')}
            value={value}
            onChange={(e) => onValue(e.target.value)}
            error={error}
          />
          {gaveUp ? null : (
            <span className="vst-phone-loading-spinner" role="status">
              <Spinner />
              <span className="vst-visually-hidden">{t('loadingPhoneInput')}</span>
            </span>
          )}
        </div>
      )}
      {/* A text that could not be sent (its error under the field): the button sends it again. */}
      <Button type="submit" loading={state.pending || checking}>
        {t(state.errorDescriptor?.retry ? 'tryAgain' : method === 'sms' ? 'continueWithText' : 'continueWithWhatsApp')}
      </Button>
    </form>
  );
}

export function SmsForm() {
  return <PhoneForm method="sms" />;
}

export function WhatsAppForm() {
  return <PhoneForm method="whatsapp" />;
}

import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { defaultCountry } from '../default-country';
import { useWidget } from '../../../widget/context';
import { loadPhoneModule, phoneModuleIfLoaded, PHONE_SUBMIT_TIMEOUT_MS, resolvePhone, within, type CountryCode, type PhoneModule } from '../phoneModule';
import { CONTINUE_WITH, PHONE_TYPING_TIMEOUT_MS, PhoneStandIn } from './PhoneStandIn';
import { usePrefetchPasscodeScreen } from './prefetch';

/**
 * The phone module, loaded when the form mounts. Until it arrives a plain tel input stands in (the
 * user can already type); after PHONE_TYPING_TIMEOUT_MS without it the placeholder stops showing a
 * spinner and stays as the field. If the module arrives later it takes over, keeping the value, and
 * the focus and caret the stand-in leaves (PhoneStandIn).
 */
function usePhoneModule(): { mod: PhoneModule | null; gaveUp: boolean } {
  const [mod, setMod] = useState<PhoneModule | null>(phoneModuleIfLoaded);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (mod) return undefined;
    let live = true;
    const timer = setTimeout(() => setGaveUp(true), PHONE_TYPING_TIMEOUT_MS);
    loadPhoneModule().then(
      (loaded) => {
        clearTimeout(timer);
        if (live) setMod(() => loaded);
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
  }, [mod]);
  return { mod, gaveUp };
}

export interface PhoneFormProps {
  method: 'sms' | 'whatsapp';
  /** What the user typed in the tab's stand-in before this form arrived: it wins over a draft kept from before ('' for nothing). */
  typed: string;
  /** The caret a stand-in leaves as it goes (PhoneStandIn), for the field that takes over. */
  caret: RefObject<number | null>;
}

/** Text-message or WhatsApp form: the lazily loaded phone field and its submit button. */
export function PhoneForm({ method, typed, caret }: PhoneFormProps) {
  const { t, locale } = useWidget();
  const { state, send } = useFlow();
  const id = useId();
  // The real field replaces the stand-in's element when the module arrives: a user typing at that
  // moment would lose the focus and every key after it, so the field takes the focus and caret over.
  const { mod, gaveUp } = usePhoneModule();
  usePrefetchPasscodeScreen();
  const draft = state.mainDraft?.method === method ? state.mainDraft : null;
  const [country, setCountry] = useState<CountryCode>(() => (draft?.country as CountryCode | undefined) ?? defaultCountry(locale));
  const [value, setValue] = useState(() => typed || (draft?.typed ?? ''));
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
    <form className="vst-form" onSubmit={submit} noValidate>
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
          locale={locale}
          focusAt={caret}
        />
      ) : (
        <PhoneStandIn value={value} onValue={onValue} error={error} gaveUp={gaveUp} caret={caret} />
      )}
      {/* A text that could not be sent (its error under the field): the button sends it again. */}
      <Button type="submit" loading={state.pending || checking}>
        {t(state.errorDescriptor?.retry ? 'tryAgain' : CONTINUE_WITH[method])}
      </Button>
    </form>
  );
}

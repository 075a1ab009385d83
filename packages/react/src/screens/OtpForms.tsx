import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { TextInput } from '../components/TextInput';
import { useFlow } from '../flow/FlowContext';
import { useWidget } from '../mounts/context';
import { EmailForm } from './EmailForm';
import {
  loadPhoneModule,
  phoneModuleIfLoaded,
  PHONE_SUBMIT_TIMEOUT_MS,
  PHONE_TYPING_TIMEOUT_MS,
  rawInternationalWithoutModule,
  within,
  type CountryCode,
  type PhoneModule,
} from './phoneModule';

/** Fetches the passcode entry screen ahead, while the user fills in the form. */
function usePrefetchPasscodeScreen() {
  useEffect(() => {
    import('./otp/OTPAuthenticate').catch(() => undefined);
  }, []);
}

/** Email passcode form: like the magic-link form, with the OTP form's message 'Invalid email address.' */
export function OtpEmailForm() {
  const { state, send } = useFlow();
  usePrefetchPasscodeScreen();
  return (
    <EmailForm
      initialEmail={state.mainDraft?.method === 'email' ? state.mainDraft.typed : ''}
      invalidMessage="invalidEmailOtp"
      validateTrimmed
      onSubmit={(email, typed) => send({ type: 'SUBMIT_OTP', method: 'email', destination: email, formatted: email, typed })}
    />
  );
}

/**
 * The phone module, loaded when the form mounts. Until it arrives a plain tel input stands in (the
 * user can already type); after PHONE_TYPING_TIMEOUT_MS without it the placeholder stops showing a
 * spinner and stays as the field. If the module arrives later it takes over, keeping the value.
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

/** The number to send and how to show it, or null when it is invalid (SPEC.md section 5). */
export function resolvePhone(
  mod: PhoneModule | null,
  value: string,
  country: CountryCode,
): { e164: string; formatted: string } | null {
  if (!/\d/.test(value)) return null;
  if (!mod) {
    const raw = rawInternationalWithoutModule(value);
    return { e164: raw, formatted: raw };
  }
  const formatted = value.trim().startsWith('+') ? value.trim() : `+${mod.callingCode(country)} ${value.trim()}`;
  try {
    const parsed = mod.parsePhone(value, country);
    return parsed.valid ? { e164: parsed.e164, formatted } : null;
  } catch {
    // Parsing failed outright: the number is treated as valid and sent as typed.
    return { e164: mod.rawInternational(value, country), formatted };
  }
}

/** Text-message or WhatsApp form: the lazily loaded phone field and its submit button. */
export function PhoneForm({ method }: { method: 'sms' | 'whatsapp' }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const id = useId();
  const { mod, gaveUp } = usePhoneModule();
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
      <Button type="submit" loading={state.pending || checking}>
        {t(method === 'sms' ? 'continueWithText' : 'continueWithWhatsApp')}
      </Button>
    </form>
  );
}

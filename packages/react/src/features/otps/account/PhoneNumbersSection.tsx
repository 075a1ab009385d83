import { useEffect, useId, useState } from 'react';
import { ContactSection, NewContactForm, type NewContactProps } from '../../../account/ContactSection';
import { useAccount } from '../../../account/context';
import type { CountryCode } from '../../../phone';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { phoneChanges } from './changes';
import { texts } from './texts';
import { defaultCountry } from '../default-country';
import { passcodeLocale } from '../../../widget/passcode-locale';

/** The new number's field takes the focus as it shows, its caret at the start. */
const AT_START = { current: 0 } as const;

type PhoneModule = typeof import('../../../phone');

/**
 * The phone input of the login's Text and WhatsApp tabs (src/phone: the country selector, the
 * formatting as you type), loaded with this step. The login shows a plain field while it loads,
 * to be typed in at once; here the step waits for it.
 */
function usePhoneModule(): PhoneModule | 'failed' | null {
  const [mod, setMod] = useState<PhoneModule | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    import('../../../phone').then(
      (loaded) => live && setMod(loaded),
      () => live && setMod('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return mod;
}

/** The number and 'Send code': the first step of adding one. */
function NewPhone({ action, onSend, onCancel }: NewContactProps) {
  const { t, free, locale } = useWidget();
  const id = useId();
  const mod = usePhoneModule();
  const [country, setCountry] = useState<CountryCode>(() => defaultCountry(locale));
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  if (mod === null) return <Loading />;
  if (mod === 'failed') return <p className="vst-error-text">{free(texts.fieldNotLoaded)}</p>;

  const send = () => {
    const parsed = /\d/.test(value) ? mod.parsePhone(value, country) : { valid: false as const };
    setInvalid(!parsed.valid);
    if (parsed.valid) onSend(parsed.e164, parsed.international);
  };
  return (
    <NewContactForm action={action} onSubmit={send} onCancel={onCancel}>
      <mod.PhoneField
        id={id}
        label={t('phoneLabel')}
        country={country}
        onCountryChange={setCountry}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setInvalid(false);
        }}
        error={invalid ? t('invalidPhoneNumber') : (action.fieldError ?? undefined)}
        placeholder={t('phonePlaceholder')}
        countryLabel={t('phoneCountryLabel')}
        locale={locale}
        focusAt={AT_START}
      />
    </NewContactForm>
  );
}

/**
 * 'Phone numbers': the user's numbers (account/ContactSection.tsx: Primary, Verified, Make primary,
 * Remove, Verify), and 'Add phone number' with the login's phone field, which texts a 6-digit
 * passcode (by WhatsApp when that is the only phone method configured) and adds the number once
 * the code is in.
 */
export default function PhoneNumbersSection() {
  const { free, config, locale } = useWidget();
  const { user } = useAccount();
  const methods = config.otpOptions?.methods ?? [];
  const channel = methods.includes('whatsapp') && !methods.includes('sms') ? 'whatsapp' : 'sms';
  return (
    <ContactSection
      phone
      contacts={user.phone_numbers.map((p) => ({ id: p.phone_id, value: p.phone_number, verified: p.verified, primary: p.primary }))}
      words={{ none: free(texts.none), add: free(texts.add), verifyTitle: free(texts.verifyTitle) }}
      changes={phoneChanges(free, channel, passcodeLocale({ config, locale }))}
      NewContact={NewPhone}
    />
  );
}

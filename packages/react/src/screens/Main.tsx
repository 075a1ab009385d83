import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { Divider } from '../components/Divider';
import { Heading } from '../components/Heading';
import { Logo } from '../components/Logo';
import { Note } from '../components/Note';
import { TextInput } from '../components/TextInput';
import { useFlow } from '../flow/FlowContext';
import { isValidEmail } from '../flow/validate';
import { useWidget } from '../mounts/context';
import type { StringKey } from '../strings/en';
import type { LoginConfig } from '../types';

/** The configuration errors shown in place of the form (SPEC.md section 2, Main). */
export function configError(config: LoginConfig): StringKey | null {
  const products = config.products ?? [];
  if (products.length > 0 && products.every((p) => p === 'passkeys')) return 'passkeysAlone';
  if (products.includes('emailMagicLinks') && products.includes('otp') && config.otpOptions?.methods?.includes('email')) {
    return 'emlAndEmailOtp';
  }
  return null;
}

function MagicLinkForm() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const [email, setEmail] = useState(state.magicLinkState?.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const apiError = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (state.pending) return;
    if (!isValidEmail(email)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    send({ type: 'SUBMIT_MAGIC_LINK', email: email.trim() });
  };

  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      <TextInput
        label={t('emailLabel')}
        type="email"
        name="email"
        required
        placeholder={t('emailPlaceholder')}
        autoComplete="username webauthn"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={invalid ? t('invalidEmailFormat') : apiError}
      />
      <Button type="submit" loading={state.pending}>
        {t('continueWithEmail')}
      </Button>
    </form>
  );
}

export function Main() {
  const { config, t } = useWidget();
  const { send } = useFlow();
  const products = config.products ?? [];
  const problem = configError(config);

  let blocks: ReactNode[] = [];
  if (!problem) {
    const oauth = products.includes('oauth') ? <Note key="oauth">{t('oauthNotAvailable')}</Note> : null;
    const crypto = products.includes('crypto') ? <Note key="crypto">{t('cryptoNotAvailable')}</Note> : null;
    const formParts = [
      products.includes('emailMagicLinks') ? <MagicLinkForm key="eml" /> : null,
      products.includes('otp') ? <Note key="otp">{t('otpNotAvailable')}</Note> : null,
      products.includes('passwords') ? <Note key="passwords">{t('passwordsNotAvailable')}</Note> : null,
    ].filter(Boolean);
    const form = formParts.length ? (
      <div key="form" className="vst-block">
        {formParts}
      </div>
    ) : null;
    const passkey = products.includes('passkeys') ? (
      <Button
        key="passkey"
        variant="secondary"
        onClick={() => send({ type: 'SHOW_BANNER', banner: { variant: 'warning', message: t('passkeyNotAvailable') } })}
      >
        {t('loginWithPasskey')}
      </Button>
    ) : null;
    const below = config.oauthOptions?.position === 'below';
    blocks = (below ? [form, oauth, crypto, passkey] : [oauth, crypto, form, passkey]).filter(Boolean);
  }

  return (
    <>
      <Logo />
      <Heading>{t('title')}</Heading>
      {problem ? (
        <p className="vst-error-text" role="alert">
          {t(problem)}
        </p>
      ) : (
        blocks.flatMap((block, i) => (i === 0 ? [block] : [<Divider key={`divider-${i}`} label={t('or')} />, block]))
      )}
    </>
  );
}

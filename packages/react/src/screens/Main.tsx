import { useEffect, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { Divider } from '../components/Divider';
import { Heading } from '../components/Heading';
import { Logo } from '../components/Logo';
import { Note } from '../components/Note';
import { Tabs } from '../components/Tabs';
import { useFlow } from '../flow/FlowContext';
import { useWidget } from '../mounts/context';
import type { StringKey } from '../strings/en';
import type { LoginConfig, OtpMethod } from '../types';
import { EmailForm } from './EmailForm';
import { OtpEmailForm, PhoneForm } from './OtpForms';

/** The configuration errors shown in place of the form (SPEC.md section 2, Main). */
export function configError(config: LoginConfig): StringKey | null {
  const products = config.products ?? [];
  if (products.length > 0 && products.every((p) => p === 'passkeys')) return 'passkeysAlone';
  if (products.includes('emailMagicLinks') && products.includes('otp') && config.otpOptions?.methods?.includes('email')) {
    return 'emlAndEmailOtp';
  }
  // Without methods the passcode product has nothing to show; say so rather than show nothing.
  if (products.includes('otp') && !config.otpOptions?.methods?.length) return 'otpWithoutMethods';
  return null;
}

/**
 * The methods Main offers, in configuration order: Email where emailMagicLinks or passwords sits
 * in products, the otpOptions.methods where otp sits. More than one gives tabs (SPEC.md section 2, Main).
 */
export function mainMethods(config: LoginConfig): OtpMethod[] {
  const products = config.products ?? [];
  const methods: OtpMethod[] = [];
  for (const product of products) {
    if (product === 'emailMagicLinks' || product === 'passwords') methods.push('email');
    if (product === 'otp') methods.push(...(config.otpOptions?.methods ?? []));
  }
  return [...new Set(methods)];
}

const TAB_LABELS = { sms: 'tabText', whatsapp: 'tabWhatsApp', email: 'tabEmail' } as const satisfies Record<OtpMethod, StringKey>;

type EmailForm = 'password' | 'magicLink' | 'otp';

function MethodForm({ method, emailForm }: { method: OtpMethod; emailForm: EmailForm }) {
  if (method === 'email') return emailForm === 'password' ? <PasswordEmailForm /> : emailForm === 'magicLink' ? <MagicLinkForm /> : <OtpEmailForm />;
  return <PhoneForm key={method} method={method} />;
}

function MethodForms() {
  const { config, t } = useWidget();
  const { state, send } = useFlow();
  const methods = mainMethods(config);
  const products = config.products ?? [];
  // With passwords the email is looked up first; the password screens then offer link or code.
  const emailForm: EmailForm = products.includes('passwords') ? 'password' : products.includes('emailMagicLinks') ? 'magicLink' : 'otp';
  if (methods.length === 0) return null;
  const selected = state.mainTab && methods.includes(state.mainTab) ? state.mainTab : methods[0]!;
  if (methods.length === 1) return <MethodForm method={selected} emailForm={emailForm} />;
  return (
    <Tabs
      label={t('signInMethods')}
      tabs={methods.map((id) => ({ id, label: t(TAB_LABELS[id]) }))}
      selected={selected}
      onSelect={(tab) => {
        if (tab !== selected) send({ type: 'SELECT_TAB', tab });
      }}
    >
      <MethodForm key={selected} method={selected} emailForm={emailForm} />
    </Tabs>
  );
}

function MagicLinkForm() {
  const { state, send } = useFlow();
  return (
    <EmailForm
      initialEmail={state.magicLinkState?.email ?? ''}
      invalidMessage="invalidEmailFormat"
      onSubmit={(email) => send({ type: 'SUBMIT_MAGIC_LINK', email })}
    />
  );
}

/** Fetches the password screens ahead, while the user types the email. */
function usePrefetchPasswordScreens() {
  useEffect(() => {
    import('./password').catch(() => undefined);
  }, []);
}

/** Password tab: the email goes to users.search; the answer picks the PasswordCreateOrLogin variant. */
function PasswordEmailForm() {
  const { state, send } = useFlow();
  usePrefetchPasswordScreens();
  return (
    <EmailForm
      initialEmail={state.mainDraft?.method === 'password' ? state.mainDraft.typed : ''}
      invalidMessage="invalidEmailFormat"
      onSubmit={(email) => send({ type: 'SEARCH_USER', email })}
    />
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
    const form = mainMethods(config).length ? (
      <div key="form" className="vst-block">
        <MethodForms />
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

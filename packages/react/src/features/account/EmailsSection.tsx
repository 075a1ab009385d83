import { useState } from 'react';
import { isValidEmail } from '@vestibule/client';
import { ContactSection, NewContactForm, type NewContactProps } from '../../account/ContactSection';
import { useAccount } from '../../account/context';
import { TextInput } from '../../parts/TextInput';
import { useWidget } from '../../widget/context';
import { emailChanges } from './email-changes';
import { texts } from './texts';
import { passcodeLocale } from '../../widget/passcode-locale';

/** 'New email address' and 'Send code': the first step of adding one. */
function NewEmail({ action, onSend, onCancel }: NewContactProps) {
  const { t, free } = useWidget();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const send = () => {
    const value = email.trim();
    setInvalid(!isValidEmail(value));
    if (isValidEmail(value)) onSend(value, value);
  };
  return (
    <NewContactForm action={action} onSubmit={send} onCancel={onCancel}>
      <TextInput
        label={free(texts.newEmailLabel)}
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        placeholder={t('emailPlaceholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={invalid ? t('invalidEmailFormat') : action.fieldError}
      />
    </NewContactForm>
  );
}

/**
 * 'Email addresses': the user's addresses (account/ContactSection.tsx: Primary, Verified, Make
 * primary, Remove, Verify), and 'Add email address', which sends a 6-digit passcode to the new
 * address and adds it once the code is in.
 */
export default function EmailsSection() {
  const { free, config, locale } = useWidget();
  const { user } = useAccount();
  return (
    <ContactSection
      contacts={user.emails.map((e) => ({ id: e.email_id, value: e.email, verified: e.verified, primary: e.primary }))}
      words={{ none: free(texts.noEmails), add: free(texts.addEmail), verifyTitle: free(texts.verifyEmail) }}
      changes={emailChanges(free, passcodeLocale({ config, locale }))}
      NewContact={NewEmail}
    />
  );
}

import { Destination } from '../../../parts/Destination';
import { useWidget } from '../../../widget/context';

/**
 * The account a password form is for. Shown as text that wraps (a read-only input would clip a
 * long address on a narrow screen), and always carried in a hidden username field, so password
 * managers fill or save the password for this account.
 */
export function AccountEmail({ email, visible }: { email: string; visible: boolean }) {
  const { t } = useWidget();
  // Hidden, so never read out; the label only satisfies checkers that do not apply `hidden`.
  const field = <input type="email" name="username" autoComplete="username" value={email} aria-label={t('emailLabel')} readOnly hidden />;
  if (!visible) return field;
  return (
    <div className="vst-field">
      <span className="vst-label">{t('emailLabel')}</span>
      <p className="vst-text vst-account-email">
        <Destination value={email} />
      </p>
      {field}
    </div>
  );
}

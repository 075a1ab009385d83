import type { ManagedUser } from '@vestibule/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../parts/ConfirmDialog';
import { dateTime, providerName, userLabel } from '../parts/format';
import { Notice } from '../parts/Notice';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';

/** Every way the user signs in, in detail, and two-step verification with its reset. */
export function WaysIn({ user, onChange }: { user: ManagedUser; onChange(): void }) {
  const ways: { key: string; text: string }[] = [
    ...user.emails.filter((e) => e.verified).map((e) => ({ key: e.email_id, text: `Email passcodes and links to ${e.email}` })),
    ...user.phone_numbers.filter((p) => p.verified).map((p) => ({ key: p.phone_id, text: `Text passcodes to ${p.phone_number}` })),
    ...(user.password ? [{ key: user.password.password_id, text: 'Password' }] : []),
    ...user.webauthn_registrations.map((r) => ({ key: r.webauthn_registration_id, text: `Passkey “${r.name}”, added ${dateTime(r.created_at)}` })),
    ...user.oauth_accounts.map((a) => ({
      key: `${a.provider_type}:${a.provider_subject}`,
      text: `${providerName(a.provider_type)} account${a.email ? ` (${a.email})` : ''}`,
    })),
    ...user.crypto_wallets.map((w) => ({ key: w.crypto_wallet_id, text: `${providerName(w.crypto_wallet_type)} wallet ${w.crypto_wallet_address}` })),
  ];
  return (
    <section aria-labelledby="ways-in" className="section">
      <h2 id="ways-in">Ways in</h2>
      {ways.length ? (
        <ul className="plain">
          {ways.map((way) => (
            <li key={way.key} className="breakable">
              {way.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No way in: this user cannot sign in.</p>
      )}
      <TwoStep user={user} onChange={onChange} />
    </section>
  );
}

function TwoStep({ user, onChange }: { user: ManagedUser; onChange(): void }) {
  const { call } = useOperator();
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const label = userLabel(user);
  const reset = async () => {
    if (!(await action.run(() => call('POST /v1/users/{user_id}/two_step/reset', { params: { user_id: user.user_id } })))) return;
    setAsking(false);
    setDone(true);
    onChange();
  };
  return (
    <>
      <h3>Two-step verification</h3>
      {user.totp ? (
        <>
          <p>
            On since {dateTime(user.totp.created_at)}; {user.totp.recovery_codes_remaining} recovery codes left.
          </p>
          <button type="button" className="button secondary" onClick={() => setAsking(true)}>
            Reset two-step verification
          </button>
        </>
      ) : (
        <p className="muted">Off.</p>
      )}
      {done ? <Notice>Two-step verification is reset: the next sign-in of {label} asks for one step.</Notice> : null}
      {asking ? (
        <ConfirmDialog
          title={`Reset two-step verification for ${label}?`}
          confirmLabel="Reset two-step verification"
          action={action}
          onConfirm={() => void reset()}
          onClose={() => setAsking(false)}
        >
          <p>
            Their authenticator app and recovery codes are removed, so their next sign-in asks for one step only. Do this only once you know it is them asking:
            whoever signs in with their first factor alone gets in.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

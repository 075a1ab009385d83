import type { ManagedUser } from '@vestibule/contract';

/** The user's email addresses and phone numbers, each with whether it is proven and which is primary. */
export function Contacts({ user }: { user: ManagedUser }) {
  const entries = [
    { id: 'emails', title: 'Email addresses', none: 'No email address.', items: user.emails.map((e) => ({ key: e.email_id, text: e.email, ...e })) },
    {
      id: 'phones',
      title: 'Phone numbers',
      none: 'No phone number.',
      items: user.phone_numbers.map((p) => ({ key: p.phone_id, text: p.phone_number, ...p })),
    },
  ];
  return (
    <div className="columns">
      {entries.map((entry) => (
        <section key={entry.id} aria-labelledby={`contacts-${entry.id}`} className="section">
          <h2 id={`contacts-${entry.id}`}>{entry.title}</h2>
          {entry.items.length ? (
            <ul className="plain">
              {entry.items.map((item) => (
                <li key={item.key}>
                  <span className="breakable">{item.text}</span> <span className="badge">{item.verified ? 'Verified' : 'Not verified'}</span>
                  {item.primary ? <span className="badge">Primary</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{entry.none}</p>
          )}
        </section>
      ))}
    </div>
  );
}

import { userPart } from '../../kernel/users.js';

/** Whether the User has a password: its id, never the hash. */
export const passwordPart = userPart({
  field: 'password',
  select: (eb) => eb.selectFrom('user_passwords').select('password_id').whereRef('user_passwords.user_id', '=', 'users.user_id').limit(1).$asScalar(),
  read: (passwordId: string | null) => (passwordId ? { password_id: passwordId } : null),
});

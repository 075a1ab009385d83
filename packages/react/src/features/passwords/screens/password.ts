/** The password screens of the login mount: one lazy chunk, fetched ahead when the email form shows. */
export { PasswordCreateOrLogin } from './PasswordCreateOrLogin';
export { PasswordBreached, PasswordDedupe, PasswordForgot, PasswordSetNew } from './PasswordForgot';

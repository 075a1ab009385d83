export { isValidEmail } from '@vestibule/client';

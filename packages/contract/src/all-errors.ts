import { accountErrorCatalogue } from './account-errors.js';
import { errorCatalogue, type ErrorType } from './errors.js';

/** Every error_type with its HTTP status and default message (errors.ts and account-errors.ts), as the server answers them. */
export const allErrors: Readonly<Record<ErrorType, { status: number; message: string }>> = { ...errorCatalogue, ...accountErrorCatalogue };

/** Every error_type, in catalogue order. */
export const errorTypes = Object.keys(allErrors) as [ErrorType, ...ErrorType[]];

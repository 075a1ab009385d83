import { accountErrorCatalogue } from './account-errors.js';
import { errorCatalogue, type ErrorType } from './errors.js';
import { healthErrorCatalogue } from './health-errors.js';
import { managementErrorCatalogue } from './management-errors.js';
import { protocolErrorCatalogue } from './protocol-errors.js';
import { twoStepErrorCatalogue } from './two-step-errors.js';

/** Every error_type with its HTTP status and default message (errors.ts, account-errors.ts, two-step-errors.ts, management-errors.ts, health-errors.ts and protocol-errors.ts), as the server answers them. */
export const allErrors: Readonly<Record<ErrorType, { status: number; message: string }>> = {
  ...errorCatalogue,
  ...accountErrorCatalogue,
  ...twoStepErrorCatalogue,
  ...managementErrorCatalogue,
  ...healthErrorCatalogue,
  ...protocolErrorCatalogue,
};

/** Every error_type, in catalogue order. */
export const errorTypes = Object.keys(allErrors) as [ErrorType, ...ErrorType[]];

export { twoStep } from './login';
export { twoStepAccount } from './account';

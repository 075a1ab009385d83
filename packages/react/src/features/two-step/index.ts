export { twoStepAccount } from './account';

/** Email magic links: one folder serving two mounts. */
export { magicLinks } from './login';
export { magicLinkToken } from './token';
export type { MagicLinkEvent, MagicLinkResult, MagicLinkSlice } from './state';

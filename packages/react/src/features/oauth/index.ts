/** Social sign-in: one folder serving two mounts. */
export { oauth } from './login';
export { oauthLanding } from './landing';
export { readOAuthLanding } from './landingUrl';
export { oauthAccount } from './account';
export type { OAuthEvent, OAuthLanding, OAuthResult, OAuthSlice } from './state';

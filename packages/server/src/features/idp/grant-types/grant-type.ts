import type { idpRoutes, TokenResponse } from '@vestibule/contract';
import type { z } from 'zod';
import type { IdpClientConfig } from '../config.js';
import type { AppDeps } from '../../../http/app-env.js';

/** The token request's parameters, as the contract's form schema of the token endpoint reads them. */
export type TokenParams = z.output<typeof idpRoutes.token.form>;

/** A grant type's handler: given the authenticated client and the request, the tokens, or an OAuthFailure thrown. */
export type GrantType = (deps: AppDeps, client: IdpClientConfig, params: TokenParams, now: Date) => Promise<TokenResponse>;

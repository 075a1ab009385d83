import type { MagicLinkLoginOrCreateResponse, SessionResponse } from '@vestibule/contract';
import type { VestibuleErrorInfo } from '@vestibule/client';
import type { Banner } from './state';

/** Events the screens send. The effects layer reacts to some of them by calling the client. */
export type UserEvent =
  | { type: 'SUBMIT_MAGIC_LINK'; email: string }
  | { type: 'TRY_AGAIN' }
  | { type: 'AUTHENTICATE_MAGIC_LINK'; token: string }
  | { type: 'SUCCESS_SHOWN'; authenticated: boolean }
  | { type: 'SHOW_BANNER'; banner: Banner }
  | { type: 'DISMISS_BANNER' };

/** Events the effects layer dispatches with the outcome of a call. */
export type ResultEvent =
  | { type: 'MAGIC_LINK_SENT'; email: string; response: MagicLinkLoginOrCreateResponse }
  | { type: 'AUTHENTICATED'; method: 'magic_link'; response: SessionResponse }
  | { type: 'FAILED'; error: VestibuleErrorInfo; message: string; placement: 'field' | 'banner' };

export type FlowEvent = UserEvent | ResultEvent;

import { DEFAULT_SESSION_DURATION_MINUTES } from '@vestibule/client';
import type { LoginConfig } from '../types';

/** The session length every sign-in asks for: sessionOptions.sessionDurationMinutes, default 30. */
export const sessionDuration = (config: LoginConfig): number => config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;

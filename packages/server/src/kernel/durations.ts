import type { ProjectConfig } from '../config/server-config.js';
import { SESSION_DURATION_MINUTES } from '@vestibule/contract/durations';
import { ApiError } from './api-error.js';

// The ranges live in the contract, where the widgets check their configuration against them too.
export { EXPIRATION_MINUTES, SESSION_DURATION_MINUTES } from '@vestibule/contract/durations';

/** The value (or the default when absent); 400 invalid_duration when outside [min, max]. */
export function checkMinutes(field: string, value: number | undefined, fallback: number, range: { min: number; max: number }): number {
  if (value === undefined) return fallback;
  if (value < range.min || value > range.max) {
    throw new ApiError('invalid_duration', `${field} must be between ${range.min} and ${range.max} minutes.`);
  }
  return value;
}

/** session_duration_minutes as asked (or the project's default), within 5..project.maxSessionDurationMinutes. */
export function sessionDurationMinutes(
  project: Pick<ProjectConfig, 'sessionDurationMinutes' | 'maxSessionDurationMinutes'>,
  value: number | undefined,
): number {
  return checkMinutes('session_duration_minutes', value, project.sessionDurationMinutes, {
    min: SESSION_DURATION_MINUTES.min,
    max: project.maxSessionDurationMinutes,
  });
}

/**
 * The session a sign-in's body asks for, as completeSignIn takes it: its length (the project's
 * default when the body names none; 400 invalid_duration outside the range) and whether the body
 * named one, in which case a session the sign-in adds to is extended to it.
 */
export function requestedSession(
  project: Pick<ProjectConfig, 'sessionDurationMinutes' | 'maxSessionDurationMinutes'>,
  body: { session_duration_minutes?: number | undefined },
): { durationMinutes: number; durationRequested: boolean } {
  return { durationMinutes: sessionDurationMinutes(project, body.session_duration_minutes), durationRequested: body.session_duration_minutes !== undefined };
}

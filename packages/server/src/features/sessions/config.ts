import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection } from '../../config/declare.js';
import { minutes } from '../../config/schemas.js';

export const sessionsConfig: ConfigSection = {
  name: 'sessions',
  project: {
    maxSessionAgeMinutes: field(
      minutes(5, 525600).optional(),
      "A session's absolute lifetime from its sign-in (5..525600, at least `sessionDurationMinutes`): checks with `session_duration_minutes` extend a session up to it and no further, and then it ends, however busy.",
      { defaultText: '`maxSessionDurationMinutes`' },
    ),
  },
  finish(config) {
    const project = config.project;
    project.maxSessionAgeMinutes ??= project.maxSessionDurationMinutes;
    if (project.maxSessionAgeMinutes < project.sessionDurationMinutes) {
      throw new ConfigError('project.maxSessionAgeMinutes', `must be at least project.sessionDurationMinutes (${project.sessionDurationMinutes})`);
    }
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** A session's absolute lifetime from its sign-in: no check extends it further (default maxSessionDurationMinutes). */
    maxSessionAgeMinutes: number;
  }
}

import { loadConfigWith, type LoadConfigOptions } from './config/load-config.js';
import type { ServerConfig } from './config/server-config.js';
import { configSections } from './features/index.js';

/**
 * Reads vestibule.config.json with the environment overrides, as the core and every feature
 * declare them. Throws ConfigError naming the field or variable at fault.
 */
export function loadConfig(options: LoadConfigOptions = {}): ServerConfig {
  return loadConfigWith(configSections, options);
}

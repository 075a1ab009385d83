import { DEFAULT_THEME_RULE } from '../theme/default-rule';
import base from './vestibule.css?inline';

/** Every styles.css beside a feature, found by the bundler: a new feature needs no line here. */
const features = import.meta.glob<string>('../features/*/styles.css', { query: '?inline', import: 'default', eager: true });

/**
 * The one static stylesheet: the shell's and the shared parts' rules (vestibule.css), then each
 * feature's, in folder order. Inlined into the JavaScript (`?inline`) and injected once per
 * document or shadow root by injectStyles; it reads only the --vst-* variables the theme sets, and
 * sets the default theme's first.
 * The rules of screens drawn after the first paint (later.css, here and beside each feature) join
 * it when they load (src/later/register.ts).
 */
export const stylesheet = [
  // The default theme; a host's styles override it inline on the root (theme/overrides.ts).
  DEFAULT_THEME_RULE,
  base,
  ...Object.keys(features)
    .sort()
    .map((path) => features[path]),
].join('\n');

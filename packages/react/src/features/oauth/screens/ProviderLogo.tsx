import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';
import { LOGOS } from '../logos';

/**
 * A provider's mark. Decorative: the button's text names the provider. Loaded lazily with the
 * marks of all 19 (OAuthButtons), so the login mount's first load carries none of them.
 */
export default function ProviderLogo({ type }: { type: OAuthProviderType }) {
  return (
    <svg className="vst-oauth-logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {LOGOS[type].map(([d, paint, strokeWidth], i) =>
        strokeWidth === undefined ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a logo's parts are a fixed list, never reordered, and two may share a path (Snapchat's ghost, filled then outlined)
          <path key={i} d={d} fill={paint} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a logo's parts are a fixed list, never reordered, and two may share a path (Snapchat's ghost, filled then outlined)
          <path key={i} d={d} fill="none" stroke={paint} strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
        ),
      )}
    </svg>
  );
}

import UAParser from 'ua-parser-js';

/** What a session's user agent says, as the account page lists a device; null for what it does not say. */
export interface DeviceDescription {
  /** The browser and its major version, e.g. 'Chrome 131'. */
  browser: string | null;
  /** The system and its version, e.g. 'iOS 17.5'. */
  os: string | null;
  /** 'mobile', 'tablet', 'smarttv', …; null for a desktop or an unknown device. */
  deviceType: string | null;
}

const named = (name: string | undefined, version: string | undefined) => (name ? (version ? `${name} ${version}` : name) : null);

/** Parsed by ua-parser-js (1.x, MIT), which keeps up with the browsers' user-agent strings. */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, deviceType: null };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  return { browser: named(browser.name, browser.major), os: named(os.name, os.version), deviceType: device.type ?? null };
}

import type { OAuthProviderType } from '@vestibule/contract/oauth-providers';

/**
 * One mark per provider, drawn here as simple shapes in the brand's colours on a 24 × 24 grid (no
 * brand artwork is copied). A part is a path and its paint; with a stroke width it is a stroked
 * line, else a filled shape. Monochrome brands (and the dark parts of the others) are painted
 * `currentColor`: they take the button's text colour, so a dark theme gets light marks.
 */
export type LogoPart = readonly [d: string, paint: string, strokeWidth?: number];

const INK = 'currentColor';
const WHITE = '#fff';

/** A circle as a path, so every part is drawn the same way. */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

/** A rectangle with rounded corners, as a path. */
const rounded = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}z`;

/** Snapchat's ghost, filled white and outlined black as on the brand's yellow. */
const GHOST =
  'M12 5.5c2.6 0 4 2 4 4.3v1.4l1.5-.4-.1 1.2-1.6.7c.5 1.5 1.6 2.4 3 2.8-.5.7-1.5.8-2.3 1-.3.8-1 .6-1.8.5-.9.5-1.6 1.5-2.7 1.5s-1.8-1-2.7-1.5c-.8.1-1.5.3-1.8-.5-.8-.2-1.8-.3-2.3-1 1.4-.4 2.5-1.3 3-2.8l-1.6-.7-.1-1.2 1.5.4V9.8c0-2.3 1.4-4.3 4-4.3z';

export const LOGOS: Record<OAuthProviderType, readonly LogoPart[]> = {
  amazon: [
    [circle(12, 9, 4.5), INK, 2.2],
    ['M4 16.5c4.5 3 11.5 3 16 0', '#FF9900', 2],
    ['M17.5 15.2l2.8 1-1.2 2.7', '#FF9900', 1.6],
  ],
  apple: [
    [
      'M12 7.6c-1.4-1-4.4-1.1-5.8 1.3-1.6 2.8-.4 7.3 1.8 9.7 1 1 2 1 3 .5.7-.3 1.3-.3 2 0 1 .5 2 .5 3-.5 1-1.1 1.8-2.5 2.2-3.8-1.9-.9-2.6-3.6-.9-5.2-.9-1.3-2.6-2.2-4.3-1.6-.4.1-.7.1-1 0z',
      INK,
    ],
    ['M12.2 6.4c.2-1.6 1.4-2.9 3-3.2-.1 1.6-1.4 3-3 3.2z', INK],
  ],
  bitbucket: [
    ['M3 4h18l-2.6 16H5.6z', '#2684FF'],
    ['M9.4 9.5h5.2l-.8 5h-3.6z', WHITE],
  ],
  coinbase: [
    [circle(12, 12, 10), '#0052FF'],
    [circle(12, 12, 5.5), WHITE],
    [rounded(10, 10, 4, 4, 0.6), '#0052FF'],
  ],
  discord: [
    [rounded(2, 5, 20, 14, 6), '#5865F2'],
    [circle(9, 12, 1.7), WHITE],
    [circle(15, 12, 1.7), WHITE],
  ],
  facebook: [
    [circle(12, 12, 10), '#1877F2'],
    ['M13.2 22v-7h2.4l.4-2.8h-2.8v-1.8c0-.8.3-1.4 1.4-1.4H16V6.5c-.3 0-1.2-.1-2.1-.1-2.1 0-3.5 1.3-3.5 3.6v2.2H8V15h2.4v7z', WHITE],
  ],
  figma: [
    ['M8.5 2H12v7H8.5a3.5 3.5 0 0 1 0-7z', '#F24E1E'],
    ['M12 2h3.5a3.5 3.5 0 0 1 0 7H12z', '#FF7262'],
    ['M8.5 9H12v7H8.5a3.5 3.5 0 0 1 0-7z', '#A259FF'],
    [circle(15.5, 12.5, 3.5), '#1ABCFE'],
    ['M8.5 16H12v3.5A3.5 3.5 0 1 1 8.5 16z', '#0ACF83'],
  ],
  github: [
    [circle(12, 12, 9), INK, 2],
    ['M8 10.5 8.3 7.5l2.4 1.6a7 7 0 0 1 2.6 0l2.4-1.6.3 3c.5.6.8 1.3.8 2.1 0 2.2-1.7 3.4-4.8 3.4s-4.8-1.2-4.8-3.4c0-.8.3-1.5.8-2.1z', INK],
  ],
  gitlab: [
    ['M12 21 3 12.5 5.5 4l2.5 7h8l2.5-7 2.5 8.5z', '#FC6D26'],
    ['M12 21 8 11h8z', '#E24329'],
  ],
  google: [
    ['M17.36 7.5A7 7 0 0 0 5.94 8.5', '#EA4335', 3.5],
    ['M5.94 8.5A7 7 0 0 0 5.94 15.5', '#FBBC05', 3.5],
    ['M5.94 15.5A7 7 0 0 0 17.36 16.5', '#34A853', 3.5],
    ['M17.36 16.5A7 7 0 0 0 19 12h-7', '#4285F4', 3.5],
  ],
  linkedin: [
    [rounded(2, 2, 20, 20, 3), '#0A66C2'],
    [circle(7.5, 7.3, 1.6), WHITE],
    ['M6.1 10h2.8v8H6.1zM11 10h2.7v1.2c.5-.8 1.4-1.4 2.7-1.4 2.2 0 3 1.4 3 3.6V18h-2.8v-4.1c0-1-.3-1.7-1.3-1.7s-1.5.7-1.5 1.7V18H11z', WHITE],
  ],
  microsoft: [
    ['M3 3h8.5v8.5H3z', '#F25022'],
    ['M12.5 3H21v8.5h-8.5z', '#7FBA00'],
    ['M3 12.5h8.5V21H3z', '#00A4EF'],
    ['M12.5 12.5H21V21h-8.5z', '#FFB900'],
  ],
  salesforce: [[`${circle(8, 13, 4.5)}${circle(12, 10, 4.5)}${circle(16.5, 12, 4)}${circle(12, 15, 3.5)}`, '#00A1E0']],
  slack: [
    [rounded(9, 2, 3.2, 10, 1.6), '#36C5F0'],
    [rounded(12, 9, 10, 3.2, 1.6), '#2EB67D'],
    [rounded(11.8, 12, 3.2, 10, 1.6), '#ECB22E'],
    [rounded(2, 11.8, 10, 3.2, 1.6), '#E01E5A'],
  ],
  snapchat: [
    [rounded(2, 2, 20, 20, 5), '#FFFC00'],
    [GHOST, WHITE],
    [GHOST, '#000', 0.8],
  ],
  tiktok: [
    ['M10.5 9.5a4.5 4.5 0 1 0 4 4.5V3.5c.5 2 2 3.4 4 3.6', '#25F4EE', 2.4],
    ['M11.5 10.5a4.5 4.5 0 1 0 4 4.5V4.5c.5 2 2 3.4 4 3.6', '#FE2C55', 2.4],
    ['M11 10a4.5 4.5 0 1 0 4 4.5V4c.5 2 2 3.4 4 3.6', INK, 2.4],
  ],
  twitch: [
    ['M4.5 2 3 6v13h4.5v3h2.5l3-3h3.5L21 13.5V2z', '#9146FF'],
    ['M11 6.5h2v5.5h-2zM15.5 6.5h2v5.5h-2z', WHITE],
  ],
  twitter: [
    ['M4 4l16 16', INK, 2.6],
    ['M20 4 4 20', INK, 1.4],
  ],
  yahoo: [
    [rounded(2, 2, 20, 20, 5), '#6001D2'],
    ['M5 7.5l4.5 6.5v4.5M14 7.5l-4.5 6.5', WHITE, 2.2],
    ['M17 6.5v7', WHITE, 2.2],
    [circle(17, 16.8, 1.3), WHITE],
  ],
};

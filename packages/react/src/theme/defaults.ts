import type { Styles } from '../types';

/** The default theme: dark teal primary on white, 400 px wide, 4 px input radius. */
export const defaultStyles = {
  container: { backgroundColor: '#ffffff', borderColor: '#c5ccd1', borderRadius: '8px', width: '400px' },
  colors: { primary: '#0b5563', secondary: '#4a5560', success: '#1e6b3a', error: '#b42318' },
  buttons: {
    primary: { backgroundColor: '#0b5563', textColor: '#ffffff', borderColor: '#0b5563', borderRadius: '4px' },
    secondary: { backgroundColor: '#ffffff', textColor: '#0b5563', borderColor: '#0b5563', borderRadius: '4px' },
    /** Disabled colours are fixed by default; a host may still override them. */
    disabled: { backgroundColor: '#e5e8eb', textColor: '#8c9398', borderColor: '#e5e8eb', borderRadius: '4px' },
  },
  inputs: {
    backgroundColor: '#ffffff',
    borderColor: '#6b7780',
    borderRadius: '4px',
    placeholderColor: '#6b7780',
    textColor: '#1a1f24',
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  hideHeaderText: false,
  logo: { logoImageUrl: '' },
  colorScheme: 'light',
} satisfies Required<Styles>;

/** Font sizes are fixed constants of the product. */
export const fontSizes = { body: '16px', header: '24px', helper: '14px' } as const;

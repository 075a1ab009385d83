import { createVestibuleClient } from '@vestibule/client';
import { readDemoConfig } from './demo-config';

/** The running stack as this page load sees it, and the one client every page shares. */
export const demo = readDemoConfig();
export const client = createVestibuleClient({ publicToken: demo.publicToken, apiBaseUrl: demo.apiBaseUrl });

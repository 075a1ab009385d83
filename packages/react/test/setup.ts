import { configure } from '@testing-library/react';

/**
 * findBy* and waitFor wait for what a test expects (a screen, a call, an event) and return as soon
 * as it is there; their ceiling is only how long a busy machine may take to get there. Testing
 * Library's default of one second failed tests in CI while the server's tests shared the cores.
 */
configure({ asyncUtilTimeout: 10_000 });

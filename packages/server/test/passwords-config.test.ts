import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/index.js';
import { REPO_CONFIG } from './helpers/test-config.js';

describe('password config', () => {
  it('defaults: zxcvbn from the demo file, OWASP argon2id, reset allowlist, no range URL, the documented limits', () => {
    const config = loadConfig({ file: REPO_CONFIG, env: {} });
    expect(config.project.passwordPolicy).toEqual({ policy: 'zxcvbn', minScore: 3 });
    expect(config.project.resetPasswordRedirectUrls).toEqual(['http://localhost:3000/reset', 'http://127.0.0.1:3000/reset']);
    expect(config.argon2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(config.breachRangeUrl).toBeNull();
    expect(config.rateLimits).toMatchObject({
      userSearchPerIp: { limit: 100, windowSeconds: 600 },
      passwordStrengthPerIp: { limit: 300, windowSeconds: 600 },
      passwordPerIp: { limit: 100, windowSeconds: 600 },
      passwordPerAccount: { limit: 50, windowSeconds: 600 },
      passwordLockout: { maxFailures: 10, windowSeconds: 3600, lockSeconds: 1800 },
      passwordResetPerEmail: { limit: 5, windowSeconds: 600 },
      passwordResetPerIp: { limit: 50, windowSeconds: 600 },
    });
  });

  it('environment overrides', () => {
    const config = loadConfig({
      file: REPO_CONFIG,
      env: {
        VESTIBULE_PASSWORD_POLICY: 'luds',
        VESTIBULE_LUDS_MINIMUM_COUNT: '12',
        VESTIBULE_RESET_REDIRECT_URLS: 'https://app.example/reset, https://app.example/other',
        VESTIBULE_BREACH_RANGE_URL: 'https://api.pwnedpasswords.com/',
      },
    });
    expect(config.project.passwordPolicy).toEqual({ policy: 'luds', ludsComplexity: 3, ludsMinimumCount: 12 });
    expect(config.project.resetPasswordRedirectUrls).toEqual(['https://app.example/reset', 'https://app.example/other']);
    expect(config.breachRangeUrl).toBe('https://api.pwnedpasswords.com');
    expect(loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_PASSWORD_POLICY: 'none' } }).project.passwordPolicy).toEqual({ policy: 'none' });
    expect(() => loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_PASSWORD_POLICY: 'strong' } })).toThrow(/VESTIBULE_PASSWORD_POLICY/);
    expect(() => loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_PASSWORD_POLICY: 'luds', VESTIBULE_LUDS_COMPLEXITY: '5' } })).toThrow(
      /VESTIBULE_LUDS_COMPLEXITY/,
    );
    expect(() => loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_BREACH_RANGE_URL: 'ftp://x' } })).toThrow(/VESTIBULE_BREACH_RANGE_URL/);
  });
});

import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a platform
 * authenticator with a screen lock that holds passkeys and answers the page's real WebAuthn calls
 * with real keys, so the server verifies real attestations and assertions. With presence on, it
 * approves every prompt at once, the autofill's (conditional mediation) included.
 */
export class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly authenticatorId: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  /** The passkeys it holds, as the DevTools protocol lists them. */
  async credentials(): Promise<{ credentialId: string; rpId?: string; isResidentCredential: boolean; signCount: number }[]> {
    return (await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.authenticatorId })).credentials;
  }

  /** Forgets every passkey it holds (the device was reset, or a password manager lost them). */
  async clear(): Promise<void> {
    await this.cdp.send('WebAuthn.clearCredentials', { authenticatorId: this.authenticatorId });
  }

  /** Off: prompts wait for a person who never comes (a pending autofill stays pending). */
  async presence(enabled: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: this.authenticatorId, enabled });
  }

  /** false: the screen-lock check fails, as when the user cancels the prompt. */
  async userVerified(isUserVerified: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setUserVerified', { authenticatorId: this.authenticatorId, isUserVerified });
  }
}

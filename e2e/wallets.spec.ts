import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { expect, test } from './support/fixtures';
import { lookAt } from './support/look';
import { API_URL, demoPublicToken } from './support/stack';
import { injectEthereumWallet, injectSolanaWallet } from './support/wallets';

/**
 * Issue 14, wallet sign-in on the real stack: the wallets are objects injected into the page that
 * speak the standard interfaces (EIP-6963 + EIP-1193 for Ethereum, the Wallet Standard for
 * Solana) and sign with real keys held by the test; the real server checks the signatures.
 */
const WALLETS = { products: ['crypto', 'emailMagicLinks'] };
const configUrl = (config: object) => `/?config=${encodeURIComponent(JSON.stringify(config))}`;

async function signInWith(page: Page, wallet: string) {
  await page.getByRole('button', { name: `Continue with ${wallet}` }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
}

test('an Ethereum wallet (EIP-6963) signs up, then logs in as the same user', async ({ page }, testInfo) => {
  const wallet = await injectEthereumWallet(page);
  await page.goto(configUrl(WALLETS));
  await expect(page.getByRole('button', { name: 'Continue with MetaMask' })).toBeVisible();
  await lookAt(page, testInfo, '1-main-with-metamask');
  await signInWith(page, 'MetaMask');
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
  const userId = await page.getByTestId('user-id').textContent();
  await lookAt(page, testInfo, '2-success');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await page.goto(configUrl(WALLETS));
  await signInWith(page, 'MetaMask');
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
});

test('a Solana wallet (Wallet Standard) signs up, then logs in as the same user', async ({ page }, testInfo) => {
  const wallet = await injectSolanaWallet(page);
  await page.goto(configUrl(WALLETS));
  await signInWith(page, 'Phantom');
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
  const userId = await page.getByTestId('user-id').textContent();

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(configUrl(WALLETS));
  await signInWith(page, 'Phantom');
  await expect(page.getByTestId('user-id')).toHaveText(userId!);
  await lookAt(page, testInfo, '1-success');
});

test('the user refuses the connection: the connect error, then the error screen, and back to Main', async ({ page }, testInfo) => {
  await injectEthereumWallet(page, { reject: 'connect' });
  await page.goto(configUrl(WALLETS));
  await page.getByRole('button', { name: 'Continue with MetaMask' }).click();
  await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
  await expect(page.getByText('[Error] Could not connect to wallet')).toBeVisible();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await lookAt(page, testInfo, '1-connect-refused');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
});

test('the user refuses to sign: the signing error, then the error screen; no session', async ({ page }, testInfo) => {
  await injectSolanaWallet(page, { reject: 'sign' });
  await page.goto(configUrl(WALLETS));
  await page.getByRole('button', { name: 'Continue with Phantom' }).click();
  await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
  await expect(page.getByText('[Error] Could not sign message')).toBeVisible();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await lookAt(page, testInfo, '1-signature-refused');
});

test('more wallets than Main has room for: the rest are on CryptoOtherScreen, and sign in from there', async ({ page }, testInfo) => {
  // Three OAuth providers leave room for 5 - 3 = 2 wallet buttons on Main.
  await injectEthereumWallet(page);
  await injectEthereumWallet(page, { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' });
  const solana = await injectSolanaWallet(page);
  const config = {
    ...WALLETS,
    products: ['oauth', 'crypto', 'emailMagicLinks'],
    oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'apple' }] },
  };
  await page.goto(configUrl(config));
  await expect(page.getByRole('button', { name: /^Continue with (MetaMask|Coinbase Wallet|Phantom)$/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Other wallets' }).click();
  await expect(page.getByRole('button', { name: /^Continue with (MetaMask|Coinbase Wallet|Phantom)$/ })).toHaveCount(1);
  await lookAt(page, testInfo, '1-other-wallets');
  const rest = (await page.getByRole('button', { name: /^Continue with / }).textContent())!.replace('Continue with ', '');
  await signInWith(page, rest);
  if (rest === 'Phantom') await expect(page.getByTestId('signed-in-wallet')).toHaveText(solana.address);
});

test('no wallet in the browser: no wallet buttons, and the way to set one up', async ({ page }, testInfo) => {
  await page.goto(configUrl(WALLETS));
  await expect(page.getByRole('button', { name: /^Continue with (MetaMask|Phantom)/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Set up a new crypto wallet' }).click();
  for (const name of ['MetaMask', 'Coinbase Wallet', 'Phantom', 'Binance Wallet']) {
    await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', /^https:\/\//);
  }
  await lookAt(page, testInfo, '1-setup-wallet');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
});

test("the server refuses a wallet's signature: the sign-in failure notice, what happened and Try again; no session", async ({ page }, testInfo) => {
  // A broken wallet: it signs with a key that is not its address's.
  await injectEthereumWallet(page, { signingKey: generatePrivateKey() });
  await page.goto(configUrl(WALLETS));
  await page.getByRole('button', { name: 'Continue with MetaMask' }).click();
  await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Your sign in request could not be completed... The signature could not be verified for this wallet. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText('Signed out.')).toBeVisible();
  await lookAt(page, testInfo, '1-signature-refused-by-server');
});

test('a wallet on a chain the project does not accept is told which to switch to; after switching, it signs in on that chain', async ({ page }, testInfo) => {
  const wallet = await injectEthereumWallet(page, { chainId: '0x89' });
  await page.goto(configUrl(WALLETS));
  await page.getByRole('button', { name: 'Continue with MetaMask' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your wallet is on Polygon (chain 137), which this site does not accept for signing in. Switch your wallet to Ethereum (chain 1) and try again.',
  );
  await lookAt(page, testInfo, '1-unsupported-chain');
  await wallet.switchChain('0x1');
  const started = page.waitForResponse((response) => response.url().endsWith('/sdk/v1/crypto_wallets/authenticate/start'));
  await page.getByRole('button', { name: 'Try again' }).click();
  expect(parseSiweMessage((await (await started).json()).challenge).chainId).toBe(1);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
});

test("a stranger who starts sign-ins in the owner's name while the owner signs cannot stop the owner's sign-in", async ({ page, request }) => {
  let owner = '';
  // While the owner's wallet asks for the signature, a stranger asks the real server for messages for the same address.
  const strangerStarts = async () => {
    const publicToken = await demoPublicToken(page);
    for (let i = 0; i < 3; i++) {
      const started = await request.post(`${API_URL}/sdk/v1/crypto_wallets/authenticate/start`, {
        headers: { 'X-Public-Token': publicToken, Origin: new URL(page.url()).origin },
        data: { crypto_wallet_address: owner, crypto_wallet_type: 'ethereum', code_challenge: randomBytes(32).toString('base64url') },
      });
      expect(started.status()).toBe(200);
    }
  };
  owner = (await injectEthereumWallet(page, { beforeSign: strangerStarts })).address;
  await page.goto(configUrl(WALLETS));
  await signInWith(page, 'MetaMask');
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(owner);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { base58 } from '@scure/base';
import { messageForError } from '@vestibule/client/error-messages';
import { VestibuleLogin } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, WALLET_CHALLENGE, WALLET_SESSION_RESPONSE, expectNoAxeViolations, fakeClient, type FakeClient } from '../../helpers';
import {
  announceEip6963,
  ETH_ADDRESS,
  ETH_SIGNATURE,
  fakeEthereumProvider,
  fakeStandardWallet,
  hexOf,
  injectEthereum,
  injectPhantomSolana,
  registerStandardWallet,
  removeWallets,
  SOL_ADDRESS,
  SOL_SIGNATURE_BYTES,
} from './wallet-fakes';

afterEach(() => {
  cleanup();
  removeWallets();
});

const WALLETS: LoginConfig = { products: ['crypto', 'emailMagicLinks'] };
const CONNECT_FAILED = '[Error] Could not connect to wallet';
const SIGN_FAILED = '[Error] Could not sign message';

function renderLogin(config: LoginConfig = WALLETS, client: FakeClient = fakeClient()) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

const WALLET_BUTTON = /^Continue with (MetaMask|Coinbase Wallet|Phantom|Binance Wallet|Vessel|Other Ethereum Wallet|Other Solana Wallet)$/;
/** The wallet block's buttons (and CryptoOtherScreen's), in order. */
const walletButtonNames = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((name) => WALLET_BUTTON.test(name) || name === 'Other wallets' || name === 'Set up a new crypto wallet');

/** A promise the test settles when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('wallet detection on Main', () => {
  it('an EIP-6963 announcement: MetaMask by its rdns, any other Ethereum wallet as the generic option (no accessibility violations)', async () => {
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' });
    announceEip6963({ name: 'Rabby Wallet', rdns: 'io.rabby' });
    const { container } = renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with MetaMask' })).toBeTruthy();
    expect(walletButtonNames()).toEqual(['Continue with MetaMask', 'Continue with Other Ethereum Wallet']);
    await expectNoAxeViolations(container);
  });

  it('Coinbase Wallet, Binance Wallet and Vessel by their rdns or name', async () => {
    announceEip6963({ name: 'Vessel Wallet', rdns: 'com.vessel.wallet' });
    announceEip6963({ name: 'Binance Web3 Wallet', rdns: 'com.binance.wallet' });
    announceEip6963({ name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' });
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with Coinbase Wallet' });
    expect(walletButtonNames()).toEqual(['Continue with Coinbase Wallet', 'Continue with Binance Wallet', 'Continue with Vessel']);
  });

  it('the legacy window.ethereum, by its flags; the same provider announced and injected counts once', async () => {
    const provider = injectEthereum({ isMetaMask: true });
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, provider);
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with MetaMask' });
    expect(walletButtonNames()).toEqual(['Continue with MetaMask']);
    cleanup();
    removeWallets();
    injectEthereum({ isCoinbaseWallet: true });
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with Coinbase Wallet' });
    cleanup();
    removeWallets();
    injectEthereum({ isMetaMask: true, isBraveWallet: true });
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with Other Ethereum Wallet' });
  });

  it('the legacy window.ethereum with several extensions (its providers list): each one by its flags', async () => {
    const metamask = fakeEthereumProvider({ flags: { isMetaMask: true } });
    const coinbase = fakeEthereumProvider({ flags: { isCoinbaseWallet: true } });
    window.ethereum = { ...coinbase, providers: [metamask, coinbase] } as unknown as Window['ethereum'];
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with MetaMask' });
    expect(walletButtonNames()).toEqual(['Continue with MetaMask', 'Continue with Coinbase Wallet']);
  });

  it("a Wallet Standard wallet registered through the standard's event: Phantom by name, another Solana wallet as the generic option", async () => {
    registerStandardWallet(fakeStandardWallet('Phantom').wallet);
    registerStandardWallet(fakeStandardWallet('Solflare').wallet);
    // Not for signing in on Solana: no solana:signMessage, or not a Solana wallet at all.
    registerStandardWallet(fakeStandardWallet('Cannot Sign', { features: ['standard:connect'] }).wallet);
    registerStandardWallet(fakeStandardWallet('Sui Wallet', { chains: ['sui:mainnet'] }).wallet);
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with Phantom' });
    expect(walletButtonNames()).toEqual(['Continue with Phantom', 'Continue with Other Solana Wallet']);
  });

  it('the legacy window.phantom.solana: Phantom', async () => {
    injectPhantomSolana();
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with Phantom' })).toBeTruthy();
    expect(walletButtonNames()).toEqual(['Continue with Phantom']);
  });

  it('a wallet that arrives while Main shows gets its button', async () => {
    renderLogin();
    await screen.findByRole('button', { name: 'Set up a new crypto wallet' });
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' });
    expect(await screen.findByRole('button', { name: 'Continue with MetaMask' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up a new crypto wallet' })).toBeNull();
    registerStandardWallet(fakeStandardWallet('Phantom').wallet);
    expect(await screen.findByRole('button', { name: 'Continue with Phantom' })).toBeTruthy();
  });

  it('a Wallet Standard wallet that unregisters while Main shows loses its button', async () => {
    registerStandardWallet(fakeStandardWallet('Phantom').wallet);
    renderLogin();
    await screen.findByRole('button', { name: 'Continue with Phantom' });
    removeWallets();
    expect(await screen.findByRole('button', { name: 'Set up a new crypto wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Phantom' })).toBeNull();
  });

  it('no detection, and no wallet block, without crypto in products', async () => {
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' });
    renderLogin({ products: ['emailMagicLinks'] });
    await screen.findByRole('button', { name: 'Continue with email' });
    await new Promise((r) => setTimeout(r, 20));
    expect(walletButtonNames()).toEqual([]);
  });
});

/** Six wallets: every option but Vessel. */
function sixWallets() {
  announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' });
  announceEip6963({ name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' });
  announceEip6963({ name: 'Binance Wallet', rdns: 'com.binance.wallet' });
  announceEip6963({ name: 'Rabby Wallet', rdns: 'io.rabby' });
  injectPhantomSolana();
  registerStandardWallet(fakeStandardWallet('Solflare').wallet);
}

describe('Main shows at most 5 wallet buttons minus the OAuth buttons', () => {
  it('2 OAuth providers: 3 wallet buttons, then Other wallets → CryptoOtherScreen with the rest (back arrow to Main)', async () => {
    sixWallets();
    const { container } = renderLogin({ products: ['oauth', 'crypto'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } });
    await screen.findByRole('button', { name: 'Other wallets' });
    expect(walletButtonNames()).toEqual(['Continue with MetaMask', 'Continue with Coinbase Wallet', 'Continue with Phantom', 'Other wallets']);
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: 'Other wallets' }));
    const title = await screen.findByRole('heading', { name: 'Other wallets' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(walletButtonNames()).toEqual([
      'Continue with Binance Wallet',
      'Continue with Other Ethereum Wallet',
      'Continue with Other Solana Wallet',
      'Set up a new crypto wallet',
    ]);
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Other wallets' })).toBeTruthy();
  });

  it('no OAuth: 5 buttons; 5 or more OAuth providers: none, only Other wallets (never negative, no dead end)', async () => {
    sixWallets();
    renderLogin({ products: ['crypto'] });
    await screen.findByRole('button', { name: 'Other wallets' });
    expect(walletButtonNames()).toHaveLength(6);
    cleanup();
    renderLogin({
      products: ['crypto', 'oauth'],
      oauthOptions: { providers: ['google', 'github', 'apple', 'microsoft', 'slack', 'discord'].map((type) => ({ type: type as 'google' })) },
    });
    await screen.findByRole('button', { name: 'Other wallets' });
    expect(walletButtonNames()).toEqual(['Other wallets']);
    fireEvent.click(screen.getByRole('button', { name: 'Other wallets' }));
    await screen.findByRole('heading', { name: 'Other wallets' });
    expect(walletButtonNames()).toHaveLength(7);
  });

  it('OAuth in oauthOptions but not in products does not count', async () => {
    sixWallets();
    renderLogin({ products: ['crypto'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } });
    await screen.findByRole('button', { name: 'Other wallets' });
    expect(walletButtonNames()).toHaveLength(6);
  });
});

describe('setting up a wallet', () => {
  it('no wallet detected: Set up a new crypto wallet → CryptoSetupWallet with four download links in new tabs; back arrow to Main', async () => {
    const { container } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up a new crypto wallet' }));
    const title = await screen.findByRole('heading', { name: 'Set up a new crypto wallet' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'MetaMask (opens in a new tab)',
      'Coinbase Wallet (opens in a new tab)',
      'Phantom (opens in a new tab)',
      'Binance Wallet (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\/[a-z.]+\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Set up a new crypto wallet' })).toBeTruthy();
  });

  it('from CryptoOtherScreen too', async () => {
    sixWallets();
    renderLogin({ products: ['crypto', 'oauth'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Other wallets' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Set up a new crypto wallet' }));
    expect(await screen.findByRole('heading', { name: 'Set up a new crypto wallet' })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });
});

describe('signing in with an Ethereum wallet', () => {
  it('connect, start, personal_sign of the hex message with the address, authenticate: CryptoConfirmation (screens without accessibility violations)', async () => {
    const client = fakeClient();
    const start = deferred<{ status_code: 200; request_id: string; challenge: string }>();
    client.cryptoWallets.authenticateStart.mockReturnValueOnce(start.promise);
    const done = deferred<typeof WALLET_SESSION_RESPONSE>();
    client.cryptoWallets.authenticate.mockReturnValueOnce(done.promise);
    const provider = announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' });
    const { callbacks, container } = renderLogin(WALLETS, client);

    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    const connecting = await screen.findByRole('heading', { name: 'Connecting to your wallet...' });
    await waitFor(() => expect(document.activeElement).toBe(connecting));
    await expectNoAxeViolations(container);
    // The chain the wallet is on goes with the start, for the message to name it.
    await waitFor(() =>
      expect(client.cryptoWallets.authenticateStart).toHaveBeenCalledWith({ crypto_wallet_address: ETH_ADDRESS, crypto_wallet_type: 'ethereum', chain_id: 1 }),
    );
    expect(provider.request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' });

    start.resolve({ status_code: 200, request_id: 'r', challenge: WALLET_CHALLENGE });
    const signing = await screen.findByRole('heading', { name: 'Completing signature request...' });
    await waitFor(() => expect(document.activeElement).toBe(signing));
    await expectNoAxeViolations(container);
    await waitFor(() => expect(client.cryptoWallets.authenticate).toHaveBeenCalled());
    expect(provider.request).toHaveBeenCalledWith({ method: 'personal_sign', params: [hexOf(WALLET_CHALLENGE), ETH_ADDRESS] });
    expect(client.cryptoWallets.authenticate).toHaveBeenCalledWith({
      crypto_wallet_address: ETH_ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: ETH_SIGNATURE,
      session_duration_minutes: 30,
    });

    done.resolve(WALLET_SESSION_RESPONSE);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    await expectNoAxeViolations(container);
    await waitFor(() =>
      expect(callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type)).toEqual([
        'CRYPTO_WALLET_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
        'FLOW_COMPLETE',
      ]),
    );
    expect(callbacks.onEvent.mock.calls[0]![0]).toEqual({ type: 'CRYPTO_WALLET_AUTHENTICATE', data: WALLET_SESSION_RESPONSE });
    expect(callbacks.onError).not.toHaveBeenCalled();
  });

  it('the session length from sessionOptions, as for the other methods', async () => {
    const client = fakeClient();
    injectEthereum({ isMetaMask: true });
    renderLogin({ ...WALLETS, sessionOptions: { sessionDurationMinutes: 90 } }, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.cryptoWallets.authenticate).toHaveBeenCalledWith(expect.objectContaining({ session_duration_minutes: 90 }));
  });

  it('refused in the wallet at connect (4001): CryptoError with the connect text, onError; Try again with the same wallet signs in', async () => {
    const provider = fakeEthereumProvider({ reject: 'connect' });
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, provider);
    const { client, callbacks, container } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    const title = await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe(CONNECT_FAILED);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: 'sdk_error', message: CONNECT_FAILED });
    expect(client.cryptoWallets.authenticateStart).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    provider.request.mockImplementation(async ({ method }) => (method === 'eth_requestAccounts' ? [ETH_ADDRESS] : ETH_SIGNATURE));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.cryptoWallets.authenticate).toHaveBeenCalledTimes(1);
  });

  it('refused in the wallet at signing: CryptoError with the signing text; nothing sent to authenticate', async () => {
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, fakeEthereumProvider({ reject: 'sign' }));
    const { client, callbacks } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe(SIGN_FAILED);
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: 'sdk_error', message: SIGN_FAILED });
    expect(client.cryptoWallets.authenticate).not.toHaveBeenCalled();
  });

  it.each([
    ['crypto_challenge_not_found', 'This sign-in request has expired or was already used. Please try again.'],
    ['invalid_crypto_signature', 'The signature could not be verified for this wallet. Please try again.'],
  ] as const)(
    'the server refuses the signature (%s): the sign-in failure notice, what happened, Try again; onError with its type',
    async (type, catalogued) => {
      const client = fakeClient();
      const refusal = apiError(type, 'Server wording.', 401);
      client.cryptoWallets.authenticate.mockRejectedValueOnce(refusal);
      injectEthereum({ isMetaMask: true });
      const { callbacks, container } = renderLogin(WALLETS, client);
      fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
      await screen.findByRole('heading', { name: 'Looks like there was an error!' });
      // The spec's opening, then the catalogue's words, not the server's error_message.
      expect(screen.getByRole('alert').textContent).toBe(`Your sign in request could not be completed... ${catalogued}`);
      expect(messageForError(refusal)).toBe(catalogued);
      expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: type }));
      await expectNoAxeViolations(container);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    },
  );

  it('the opening of the failure notice is overridden by its English text, as every text', async () => {
    const client = fakeClient();
    client.cryptoWallets.authenticate.mockRejectedValueOnce(apiError('invalid_crypto_signature', 'x', 401));
    injectEthereum({ isMetaMask: true });
    render(<VestibuleLogin client={client} config={WALLETS} strings={{ 'Your sign in request could not be completed...': 'Sign-in failed.' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in failed. The signature could not be verified for this wallet. Please try again.');
  });

  it("a wallet on a chain the project does not accept: the server's words (which chain to switch to) on CryptoError; after switching, Try again signs in", async () => {
    const client = fakeClient();
    const words =
      'Your wallet is on Polygon (chain 137), which this site does not accept for signing in. Switch your wallet to Ethereum (chain 1) and try again.';
    client.cryptoWallets.authenticateStart.mockRejectedValueOnce(apiError('unsupported_crypto_chain', words, 400));
    const provider = announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, fakeEthereumProvider({ chainId: '0x89' }));
    const { callbacks, container } = renderLogin(WALLETS, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe(words);
    expect(client.cryptoWallets.authenticateStart).toHaveBeenCalledWith(expect.objectContaining({ chain_id: 137 }));
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'unsupported_crypto_chain' }));
    await expectNoAxeViolations(container);

    provider.request.mockImplementation(async ({ method }) =>
      method === 'eth_requestAccounts' ? [ETH_ADDRESS] : method === 'eth_chainId' ? '0x1' : ETH_SIGNATURE,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.cryptoWallets.authenticateStart).toHaveBeenLastCalledWith(expect.objectContaining({ chain_id: 1 }));
  });

  it('a wallet that cannot say its chain: the start names none (the server takes its first allowed chain)', async () => {
    const client = fakeClient();
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, fakeEthereumProvider({ chainId: null }));
    renderLogin(WALLETS, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.cryptoWallets.authenticateStart.mock.calls[0]![0].chain_id).toBeUndefined();
  });

  it("a refused start (too many requests): the server's message on CryptoError", async () => {
    const client = fakeClient();
    client.cryptoWallets.authenticateStart.mockRejectedValueOnce(apiError('too_many_requests', 'Too many requests. Try again in 30 seconds.', 429));
    injectEthereum({ isMetaMask: true });
    renderLogin(WALLETS, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 30 seconds.');
  });

  it('the back arrow while the wallet is still asking: Main, and a late answer changes nothing', async () => {
    const provider = fakeEthereumProvider({ pendingConnect: true });
    announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, provider);
    const { client } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Connecting to your wallet...' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue with MetaMask' })).toBeTruthy();
    expect(client.cryptoWallets.authenticateStart).not.toHaveBeenCalled();
  });

  it('the back arrow on CryptoSignMessage, CryptoError and CryptoConfirmation leads to Main', async () => {
    const client = fakeClient();
    client.cryptoWallets.authenticate.mockReturnValueOnce(new Promise(() => undefined));
    injectEthereum({ isMetaMask: true });
    renderLogin(WALLETS, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Completing signature request...' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' });

    client.cryptoWallets.authenticate.mockRejectedValueOnce(apiError('invalid_crypto_signature', 'Bad signature.', 401));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' });

    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    await screen.findByRole('heading', { name: 'Success!' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});

describe('signing in with a Solana wallet', () => {
  it('Wallet Standard: standard:connect gives the address, solana:signMessage signs the UTF-8 message, the signature goes as base58', async () => {
    const fake = fakeStandardWallet('Phantom');
    registerStandardWallet(fake.wallet);
    const { client, container } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Phantom' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(fake.connect).toHaveBeenCalledTimes(1);
    expect(client.cryptoWallets.authenticateStart).toHaveBeenCalledWith({ crypto_wallet_address: SOL_ADDRESS, crypto_wallet_type: 'solana' });
    const input = fake.signMessage.mock.calls[0]![0]!;
    expect(input.account).toBe(fake.account);
    expect(new TextDecoder().decode(input.message)).toBe(WALLET_CHALLENGE);
    const signature = client.cryptoWallets.authenticate.mock.calls[0]![0].signature;
    expect(signature).toBe(base58.encode(SOL_SIGNATURE_BYTES));
    expect(base58.decode(signature)).toEqual(SOL_SIGNATURE_BYTES);
    expect(client.cryptoWallets.authenticate).toHaveBeenCalledWith({
      crypto_wallet_address: SOL_ADDRESS,
      crypto_wallet_type: 'solana',
      signature,
      session_duration_minutes: 30,
    });
    await expectNoAxeViolations(container);
  });

  it('the legacy window.phantom.solana: connect() for the public key, signMessage(bytes, utf8) for the signature', async () => {
    const phantom = injectPhantomSolana();
    const { client } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Phantom' }));
    await screen.findByRole('heading', { name: 'Success!' });
    const [message, display] = phantom.signMessage.mock.calls[0]!;
    expect(new TextDecoder().decode(message)).toBe(WALLET_CHALLENGE);
    expect(display).toBe('utf8');
    expect(client.cryptoWallets.authenticate).toHaveBeenCalledWith(
      expect.objectContaining({ crypto_wallet_address: SOL_ADDRESS, crypto_wallet_type: 'solana', signature: base58.encode(SOL_SIGNATURE_BYTES) }),
    );
  });

  it('a Wallet Standard rejection at connect and at signing: the two texts', async () => {
    registerStandardWallet(fakeStandardWallet('Phantom', { reject: 'connect' }).wallet);
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Phantom' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONNECT_FAILED);
    cleanup();
    removeWallets();
    registerStandardWallet(fakeStandardWallet('Phantom', { reject: 'sign' }).wallet);
    const { container } = renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Phantom' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_FAILED);
    expect(within(container).getByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(within(container).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

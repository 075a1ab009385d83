import { vi } from 'vitest';

/**
 * Fake wallets as a browser extension would inject them: EIP-6963 announcements, the legacy
 * window.ethereum, Wallet Standard wallets registered through the standard's own events, and the
 * legacy window.phantom.solana. `removeWallets()` takes every one of them away again.
 */

export const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const ETH_SIGNATURE = `0x${'ab'.repeat(65)}`;
export const SOL_ADDRESS = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW';
/** 64 signature bytes 1, 2, … 64. */
export const SOL_SIGNATURE_BYTES = Uint8Array.from({ length: 64 }, (_, i) => i + 1);

/** The hex of the UTF-8 bytes, as personal_sign wants the message. */
export const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;

const cleanups: (() => void)[] = [];

export function removeWallets(): void {
  while (cleanups.length) cleanups.pop()!();
  delete window.ethereum;
  delete window.phantom;
  delete window.solana;
}

/**
 * An EIP-1193 provider: the account, the chain (`chainId`, '0x1' by default; null: a wallet that
 * cannot say), personal_sign's signature; `reject` makes a step fail as a refusal in the wallet (code 4001).
 */
export function fakeEthereumProvider(
  options: { reject?: 'connect' | 'sign'; pendingConnect?: boolean; flags?: Record<string, boolean>; chainId?: string | null } = {},
) {
  const refusal = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
  const request = vi.fn(async ({ method }: { method: string; params?: unknown[] }): Promise<unknown> => {
    if (method === 'eth_requestAccounts') {
      if (options.pendingConnect) return new Promise(() => undefined);
      if (options.reject === 'connect') throw refusal();
      return [ETH_ADDRESS];
    }
    if (method === 'eth_chainId' && options.chainId !== null) return options.chainId ?? '0x1';
    if (method === 'personal_sign') {
      if (options.reject === 'sign') throw refusal();
      return ETH_SIGNATURE;
    }
    throw new Error(`unexpected ${method}`);
  });
  return { request, ...options.flags };
}

/** A wallet answering EIP-6963's request (and announcing itself once now, as on load). */
export function announceEip6963(info: { name: string; rdns: string }, provider = fakeEthereumProvider()) {
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), icon: 'data:image/svg+xml,<svg/>', ...info }, provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce));
  announce();
  return provider;
}

/** The legacy injected window.ethereum. */
export function injectEthereum(flags: Record<string, boolean> = {}, provider = fakeEthereumProvider({ flags })) {
  window.ethereum = provider as unknown as Window['ethereum'];
  return provider;
}

type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] };

/** A Wallet Standard wallet on Solana: standard:connect and solana:signMessage, unless `features` says otherwise. */
export function fakeStandardWallet(name: string, options: { reject?: 'connect' | 'sign'; features?: string[]; chains?: string[] } = {}) {
  const account: Account = { address: SOL_ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: ['solana:signMessage'] };
  let accounts: Account[] = [];
  const connect = vi.fn(async () => {
    if (options.reject === 'connect') throw new Error('User rejected the request.');
    accounts = [account];
    return { accounts };
  });
  const signMessage = vi.fn(async (...inputs: { account: Account; message: Uint8Array }[]) => {
    if (options.reject === 'sign') throw new Error('User rejected the request.');
    return inputs.map(({ message }) => ({ signedMessage: message, signature: SOL_SIGNATURE_BYTES }));
  });
  const all: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect },
    'solana:signMessage': { version: '1.1.0', signMessage },
    'standard:events': { version: '1.0.0', on: () => () => undefined },
  };
  const features = Object.fromEntries(Object.entries(all).filter(([feature]) => !options.features || options.features.includes(feature)));
  const wallet = {
    version: '1.0.0' as const,
    name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+' as const,
    chains: options.chains ?? ['solana:mainnet', 'solana:devnet'],
    features,
    get accounts() {
      return accounts;
    },
  };
  return { wallet, account, connect, signMessage };
}

/**
 * Registers a wallet as the Wallet Standard says a wallet does: it dispatches
 * 'wallet-standard:register-wallet' with a callback (heard by an app already listening) and
 * answers 'wallet-standard:app-ready' (an app that starts later).
 */
export function registerStandardWallet(wallet: object) {
  let unregister: (() => void) | undefined;
  const callback = (api: { register(wallet: object): () => void }) => {
    unregister ??= api.register(wallet);
  };
  const onAppReady = (event: Event) => callback((event as CustomEvent<{ register(wallet: object): () => void }>).detail);
  window.addEventListener('wallet-standard:app-ready', onAppReady);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  cleanups.push(() => {
    window.removeEventListener('wallet-standard:app-ready', onAppReady);
    unregister?.();
  });
}

/** The legacy injected window.phantom.solana (and window.solana, as Phantom sets both). */
export function injectPhantomSolana(options: { reject?: 'connect' | 'sign' } = {}) {
  const provider = {
    isPhantom: true,
    publicKey: null as { toBase58(): string } | null,
    connect: vi.fn(async () => {
      if (options.reject === 'connect') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      provider.publicKey = { toBase58: () => SOL_ADDRESS };
      return { publicKey: provider.publicKey };
    }),
    signMessage: vi.fn(async (_message: Uint8Array, _display?: string) => {
      if (options.reject === 'sign') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      return { signature: SOL_SIGNATURE_BYTES, publicKey: provider.publicKey };
    }),
  };
  window.phantom = { solana: provider as unknown as NonNullable<Window['phantom']>['solana'] };
  window.solana = provider as unknown as Window['solana'];
  return provider;
}

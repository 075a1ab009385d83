import { base58 } from '@scure/base';
import { getWallets } from '@wallet-standard/app';
import type { EffectContext } from '../../flow/feature';
import { WALLET_OPTIONS, type WalletFamily } from './options';
import type { WalletOptionId } from './state';

/**
 * Wallet detection and the wallets themselves, loaded only where `crypto` is configured (its own
 * chunk, with @wallet-standard/app and base58).
 *
 * Ethereum: EIP-6963 (the page asks with `eip6963:requestProvider`; each wallet answers with an
 * `eip6963:announceProvider` event whose detail is { info: { uuid, name, icon, rdns }, provider }),
 * then the legacy injected `window.ethereum` (its isMetaMask, isCoinbaseWallet, … flags).
 * Solana: the Wallet Standard registry (`getWallets()`: wallets with a `solana:` chain and the
 * features `standard:connect` and `solana:signMessage`), then the legacy `window.phantom.solana` /
 * `window.solana`. Each detected wallet takes its named option, or its family's generic one; the
 * first wallet to take an option keeps it, and a wallet seen twice (announced and injected) counts
 * once.
 *
 * Provider objects are not serializable: they stay in this module's registry, keyed by option id;
 * the flow state only holds the ids (and the address, the message).
 */

/** A Wallet Standard wallet and one of its accounts (the types of @wallet-standard/base, which the app package carries). */
type Wallet = ReturnType<ReturnType<typeof getWallets>['get']>[number];
type WalletAccount = Wallet['accounts'][number];

/** EIP-1193: the one method the sign-in uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** EIP-6963's announcement. */
export interface Eip6963ProviderDetail {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

/** Flags wallets set on the legacy window.ethereum. */
interface InjectedEthereum extends Eip1193Provider {
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isBinance?: boolean;
  isVessel?: boolean;
  isBraveWallet?: boolean;
  isRabby?: boolean;
  isPhantom?: boolean;
  /** Several extensions installed: Coinbase's shim lists each one. */
  providers?: InjectedEthereum[];
}

/** The legacy injected Solana provider (Phantom's and its imitators'). */
export interface InjectedSolana {
  isPhantom?: boolean;
  publicKey?: { toBase58?(): string; toString(): string } | null;
  connect(): Promise<{ publicKey?: { toBase58?(): string; toString(): string } } | undefined>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array }>;
}

declare global {
  interface Window {
    ethereum?: InjectedEthereum;
    phantom?: { solana?: InjectedSolana };
    solana?: InjectedSolana;
  }
}

/** The Wallet Standard features the sign-in uses (@solana/wallet-standard-features, standard:connect). */
interface StandardConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface SolanaSignMessageFeature {
  signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}

/** A detected wallet, whatever its kind: connect it for an address, sign a message with it. */
export interface ConnectedWallet {
  family: WalletFamily;
  /** The object it was found as (to count a wallet seen twice once). */
  source: object;
  /** The address, as the wallet gives it (Solana: base58). */
  connect(): Promise<string>;
  /** Ethereum: the EIP-155 id of the chain the wallet is on now, for the message to name; Solana: none. */
  chainId?(): Promise<number | undefined>;
  /** The signature of the UTF-8 message (Ethereum: personal_sign's 0x hex; Solana: base58 of the 64 bytes). */
  sign(message: string, address: string): Promise<string>;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** personal_sign takes the message as 0x-prefixed hex of its bytes, then the address. */
export const hexMessage = (message: string) => `0x${Array.from(utf8(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;

function ethereumWallet(provider: Eip1193Provider): ConnectedWallet {
  return {
    family: 'ethereum',
    source: provider,
    async connect() {
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as unknown;
      const address = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof address !== 'string' || !address) throw new Error('The wallet gave no account.');
      return address;
    },
    async chainId() {
      // EIP-1193 answers a hex string ('0x1'); a wallet that cannot say leaves the server's default.
      const id = Number(await provider.request({ method: 'eth_chainId' }).catch(() => undefined));
      return Number.isSafeInteger(id) && id > 0 ? id : undefined;
    },
    async sign(message, address) {
      const signature = await provider.request({ method: 'personal_sign', params: [hexMessage(message), address] });
      if (typeof signature !== 'string') throw new Error('The wallet gave no signature.');
      return signature;
    },
  };
}

const keyText = (key: { toBase58?(): string; toString(): string }) => (key.toBase58 ? key.toBase58() : key.toString());

function legacySolanaWallet(provider: InjectedSolana): ConnectedWallet {
  return {
    family: 'solana',
    source: provider,
    async connect() {
      const answer = await provider.connect();
      const key = answer?.publicKey || provider.publicKey;
      if (!key) throw new Error('The wallet gave no public key.');
      return keyText(key);
    },
    async sign(message) {
      const { signature } = await provider.signMessage(utf8(message), 'utf8');
      return base58.encode(signature);
    },
  };
}

function standardSolanaWallet(wallet: Wallet): ConnectedWallet {
  const feature = <F>(name: string) => wallet.features[name as `${string}:${string}`] as F;
  let account: WalletAccount | undefined;
  return {
    family: 'solana',
    source: wallet,
    async connect() {
      const { accounts } = await feature<StandardConnectFeature>('standard:connect').connect();
      account = accounts[0] ?? wallet.accounts[0];
      if (!account) throw new Error('The wallet gave no account.');
      return account.address;
    },
    async sign(message, address) {
      const signer = account?.address === address ? account : wallet.accounts.find((a) => a.address === address);
      if (!signer) throw new Error('The wallet no longer offers this account.');
      const [output] = await feature<SolanaSignMessageFeature>('solana:signMessage').signMessage({ account: signer, message: utf8(message) });
      if (!output) throw new Error('The wallet gave no signature.');
      return base58.encode(output.signature);
    },
  };
}

/** Which option an Ethereum wallet takes: by its reverse domain name, else by its name. */
export function ethereumOption(info: { rdns?: string; name?: string }): WalletOptionId {
  const rdns = (info.rdns ?? '').toLowerCase();
  const name = (info.name ?? '').toLowerCase();
  if (rdns === 'io.metamask' || rdns.startsWith('io.metamask.')) return 'metamask';
  if (rdns === 'com.coinbase.wallet' || name === 'coinbase wallet') return 'coinbase';
  if (rdns.includes('binance') || name.includes('binance')) return 'binance';
  if (rdns.includes('vessel') || name.includes('vessel')) return 'vessel';
  return 'otherEthereum';
}

/** The same for the legacy window.ethereum, by its flags (others imitate isMetaMask). */
function injectedEthereumOption(provider: InjectedEthereum): WalletOptionId {
  if (provider.isCoinbaseWallet) return 'coinbase';
  if (provider.isBinance) return 'binance';
  if (provider.isVessel) return 'vessel';
  if (provider.isMetaMask && !provider.isBraveWallet && !provider.isRabby && !provider.isPhantom) return 'metamask';
  return 'otherEthereum';
}

/** A Wallet Standard wallet that can sign in on Solana. */
export function isSolanaSignInWallet(wallet: Wallet): boolean {
  return wallet.chains.some((chain) => chain.startsWith('solana:')) && 'standard:connect' in wallet.features && 'solana:signMessage' in wallet.features;
}

/** The registry: option id → the wallet behind it, as found by the last detection. */
const registry = new Map<WalletOptionId, ConnectedWallet>();
/** EIP-6963 announcements, by uuid; asked for again at each detection. */
const announced = new Map<string, Eip6963ProviderDetail>();
const changes = new Set<() => void>();

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
    if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return;
    announced.set(detail.info.uuid, detail);
    notifyChange();
  });
  getWallets().on('register', notifyChange);
  getWallets().on('unregister', notifyChange);
}

/** Tells every watcher that the wallets on the page changed. */
function notifyChange() {
  for (const watcher of changes) watcher();
}

function take(id: WalletOptionId, wallet: ConnectedWallet) {
  if (registry.has(id) || [...registry.values()].some((known) => known.source === wallet.source)) return;
  registry.set(id, wallet);
}

/** Looks at the page as it is now: the registry anew, and the detected options in their order. */
function collect(): WalletOptionId[] {
  registry.clear();
  for (const { info, provider } of announced.values()) take(ethereumOption(info), ethereumWallet(provider));
  const injected = window.ethereum;
  if (injected && typeof injected.request === 'function') {
    for (const provider of [...(Array.isArray(injected.providers) ? injected.providers : []), injected]) {
      if (typeof provider?.request === 'function') take(injectedEthereumOption(provider), ethereumWallet(provider));
    }
  }
  for (const wallet of getWallets().get()) {
    if (isSolanaSignInWallet(wallet)) take(wallet.name === 'Phantom' ? 'phantom' : 'otherSolana', standardSolanaWallet(wallet));
  }
  for (const provider of [window.phantom?.solana, window.solana]) {
    if (provider && typeof provider.connect === 'function' && typeof provider.signMessage === 'function') {
      take(provider.isPhantom ? 'phantom' : 'otherSolana', legacySolanaWallet(provider));
    }
  }
  return WALLET_OPTIONS.filter((option) => registry.has(option.id)).map((option) => option.id);
}

/**
 * Detects the wallets now (wallets answer EIP-6963's request and the Wallet Standard's app-ready
 * synchronously), then follows late announcements and registrations until `signal` aborts.
 * `found` hears the detected options each time they change. Main's buttons and the account page's
 * 'Connect wallet' watch the page this way.
 */
export function detectWallets(signal: AbortSignal, found: (wallets: WalletOptionId[]) => void): void {
  // Main was left before this chunk arrived: nothing to show the wallets on.
  if (signal.aborted) return;
  listen();
  announced.clear();
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  let last: string | null = null;
  const update = () => {
    if (signal.aborted) return;
    const wallets = collect();
    if (wallets.join() === last) return;
    last = wallets.join();
    found(wallets);
  };
  update();
  changes.add(update);
  signal.addEventListener('abort', () => changes.delete(update), { once: true });
}

/** Main's on-enter hook: the detected options into the flow state while Main shows. */
export const watchWallets = (ctx: EffectContext) => detectWallets(ctx.signal, (wallets) => ctx.dispatch({ type: 'WALLETS_DETECTED', wallets }));

/** The wallet behind an option, as last detected. */
export const walletFor = (id: WalletOptionId): ConnectedWallet | undefined => registry.get(id);

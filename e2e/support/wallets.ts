import type { Page } from '@playwright/test';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/**
 * Wallets for the browser tests: objects injected into the page that behave like the real ones
 * through the same standard interfaces (an EIP-1193 provider announced by EIP-6963; a Wallet
 * Standard wallet registered by the standard's window events), holding real keys. The keys stay in
 * the test process: the page's wallet asks it to sign (page.exposeFunction), as an extension's
 * page script asks its background. `reject` plays a person who refuses in the wallet's prompt.
 */
export type Refusal = 'connect' | 'sign' | undefined;

export interface InjectedWallet {
  /** The address the wallet gives the page (checksummed for Ethereum, base58 for Solana). */
  address: string;
}

let installed = 0;

/**
 * An EIP-6963 Ethereum wallet (MetaMask's rdns by default) whose key is new, or the one given.
 * `chainId`: the chain it says it is on (eth_chainId, '0x1' by default); `switchChain` moves it, as
 * the person would in the wallet. `signingKey`: a broken wallet that signs with another key than
 * its address's. `beforeSign`: runs in the test each time the wallet is asked to sign, before it does.
 */
export async function injectEthereumWallet(
  page: Page,
  options: {
    name?: string;
    rdns?: string;
    privateKey?: `0x${string}`;
    reject?: Refusal;
    chainId?: string;
    signingKey?: `0x${string}`;
    beforeSign?: () => Promise<void>;
  } = {},
): Promise<InjectedWallet & { privateKey: `0x${string}`; switchChain(chainId: string): Promise<void> }> {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const signer = options.signingKey ? privateKeyToAccount(options.signingKey) : account;
  const sign = `__vstEthereumSign${installed++}`;
  await page.exposeFunction(sign, async (hexMessage: `0x${string}`) => {
    await options.beforeSign?.();
    return signer.signMessage({ message: { raw: hexMessage } });
  });
  await page.addInitScript(
    ({ address, name, rdns, reject, sign, chainId }) => {
      const chain = window as unknown as Record<string, string>;
      chain[`${sign}Chain`] = chainId;
      const refused = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts') {
            if (reject === 'connect') throw refused();
            return [address];
          }
          if (method === 'eth_accounts') return [address];
          if (method === 'eth_chainId') return chain[`${sign}Chain`];
          if (method === 'personal_sign') {
            if (reject === 'sign') throw refused();
            const [message, signer] = params as [string, string];
            if (signer.toLowerCase() !== address.toLowerCase()) throw Object.assign(new Error('Unknown account.'), { code: 4100 });
            return (window as unknown as Record<string, (m: string) => Promise<string>>)[sign]!(message);
          }
          throw Object.assign(new Error(`${method} is not supported.`), { code: 4200 });
        },
        on() {},
        removeListener() {},
      };
      const icon = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="%23f6851b"/></svg>';
      const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name, icon, rdns }), provider });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    {
      address: account.address,
      name: options.name ?? 'MetaMask',
      rdns: options.rdns ?? 'io.metamask',
      reject: options.reject,
      sign,
      chainId: options.chainId ?? '0x1',
    },
  );
  const switchChain = async (chainId: string) => {
    await page.evaluate(([key, id]) => ((window as unknown as Record<string, string>)[key!] = id!), [`${sign}Chain`, chainId]);
  };
  return { address: account.address, privateKey, switchChain };
}

/** A Wallet Standard Solana wallet (named Phantom by default) whose ed25519 key is new, or the one given. */
export async function injectSolanaWallet(
  page: Page,
  options: { name?: string; secretKey?: Uint8Array; reject?: Refusal } = {},
): Promise<InjectedWallet & { secretKey: Uint8Array }> {
  const secretKey = options.secretKey ?? ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const sign = `__vstSolanaSign${installed++}`;
  await page.exposeFunction(sign, (message: number[]) => Array.from(ed25519.sign(Uint8Array.from(message), secretKey)));
  await page.addInitScript(
    ({ address, publicKey, name, reject, sign }) => {
      const refused = () => new Error('User rejected the request.');
      const account = Object.freeze({ address, publicKey: Uint8Array.from(publicKey), chains: ['solana:mainnet'], features: ['solana:signMessage'] });
      let accounts: (typeof account)[] = [];
      const wallet = {
        version: '1.0.0',
        name,
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="%23ab9ff2"/></svg>',
        chains: ['solana:mainnet', 'solana:devnet'],
        get accounts() {
          return accounts;
        },
        features: {
          'standard:connect': {
            version: '1.0.0',
            async connect() {
              if (reject === 'connect') throw refused();
              accounts = [account];
              return { accounts };
            },
          },
          'standard:events': { version: '1.0.0', on: () => () => {} },
          'solana:signMessage': {
            version: '1.0.0',
            async signMessage(...inputs: Array<{ account: typeof account; message: Uint8Array }>) {
              if (reject === 'sign') throw refused();
              const signer = (window as unknown as Record<string, (m: number[]) => Promise<number[]>>)[sign]!;
              return Promise.all(
                inputs.map(async ({ message }) => ({ signedMessage: message, signature: Uint8Array.from(await signer(Array.from(message))) })),
              );
            },
          },
        },
      };
      // The Wallet Standard's registration: announce, and answer an app that arrives later.
      const callback = ({ register }: { register: (w: typeof wallet) => () => void }) => register(wallet);
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: callback }));
      window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail));
    },
    { address: base58.encode(publicKey), publicKey: Array.from(publicKey), name: options.name ?? 'Phantom', reject: options.reject, sign },
  );
  return { address: base58.encode(publicKey), secretKey };
}

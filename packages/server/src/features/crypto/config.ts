import { z } from 'zod';
import { field, type ConfigSection } from '../../config/declare.js';
import { rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';

/** VESTIBULE_CRYPTO_CHAIN_IDS: '1, 137' (decimal EIP-155 ids); anything else is left for the schema to refuse, naming it. */
const readChainIds = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => (/^\d+$/.test(item) ? Number(item) : item));

export const cryptoConfig: ConfigSection = {
  name: 'crypto',
  project: {
    cryptoChainIds: field(
      z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1, 'must list at least one chain id').default([1]),
      'EIP-155 chain ids an Ethereum wallet may sign in from (1 is Ethereum mainnet). The sign-in message names the chain the wallet is on; a wallet on another chain is refused with `unsupported_crypto_chain`, naming the chains to switch to.',
      { env: { name: 'VESTIBULE_CRYPTO_CHAIN_IDS', read: readChainIds } },
    ),
  },
  server: {
    'rateLimits.cryptoPerIp': field(
      rate(100, 600),
      '`{ limit, windowSeconds }` wallet sign-in message starts, and signature checks, per client address (each its own count).',
    ),
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** EIP-155 chain ids an Ethereum wallet may sign in from; the first is the default. */
    cryptoChainIds: number[];
  }
  interface RateLimitConfig {
    /** Wallet sign-in message starts and signature checks per client IP (each route its own count). */
    cryptoPerIp: RateLimitRule;
  }
}

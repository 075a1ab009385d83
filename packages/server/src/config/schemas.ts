import { z } from 'zod';

/** Schemas several configuration sections use. */
export const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

export const urlWith = (...protocols: string[]) =>
  z
    .string()
    .refine(
      (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
      `must be a URL starting ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

export const httpUrl = urlWith('http:', 'https:');

export const origin = z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, 'must be an origin like http://localhost:3000');

export const rateLimitRule = z.strictObject({ limit: z.number().int().min(1), windowSeconds: z.number().int().min(1) });

export const lockoutRule = z.strictObject({
  maxFailures: z.number().int().min(1),
  windowSeconds: z.number().int().min(1),
  lockSeconds: z.number().int().min(1),
});

export const rate = (limit: number, windowSeconds: number) => rateLimitRule.default({ limit, windowSeconds });
export const lockout = (maxFailures: number, windowSeconds: number, lockSeconds: number) => lockoutRule.default({ maxFailures, windowSeconds, lockSeconds });

export const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 number like +15005550006');

/** The bare address inside 'Name <address>' or the value itself when it is a bare address. */
export function emailAddressOf(from: string): string | null {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from) ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(from);
  return match ? match[1]! : null;
}

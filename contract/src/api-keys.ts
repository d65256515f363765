import { z } from 'zod';

/**
 * Personal API keys (docs/product/public-api.md; decision 268): the texts both sides show, a key as /profile lists it,
 * and the one answer that ever carries the key itself (its creation).
 */

export const API_KEY_MESSAGES = {
  loginRequired: 'Please log in to manage API keys',
  nameInvalid: 'Give the key a name of 1 to 60 characters',
  tooManyKeys: 'You have the most API keys an account may hold. Revoke one first.',
  notFound: 'API key not found',
  revoked: 'API key revoked',
  keyInvalid: 'This API key is not valid or has been revoked',
  keyNotAllowed: 'API keys cannot be used on this endpoint. Sign in to use it.',
  quotaSpent: 'This API key has used its calls for today. The quota starts over at midnight UTC.',
  // The section on /profile.
  sectionTitle: 'API keys',
  sectionHelp: 'Personal keys for the public API. A key reads the same data you can see when signed in.',
  create: 'Create key',
  namePlaceholder: 'Key name, e.g. My spreadsheet',
  shownOnce: 'Copy this key now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied',
  revoke: 'Revoke',
  none: 'No API keys yet.',
  lastUsed: 'Last used',
  never: 'never',
  callsToday: 'Calls today',
} as const;

/** How many keys one account may hold (live ones; revoked keys do not count). */
export const MAX_API_KEYS_PER_USER = 10;

/** Every key starts so, so a leaked one is recognisable (secret scanners, log reviews). */
export const API_KEY_PREFIX = 'gwk_';

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, API_KEY_MESSAGES.nameInvalid).max(60, API_KEY_MESSAGES.nameInvalid),
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`gwk_` and 6 more), to tell keys apart; never enough to use it. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  calls_today: z.number().int(),
  daily_limit: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

/** The creation's answer: the key in full, the one time it is ever shown. */
export const apiKeyCreatedSchema = z.object({ key: z.string(), api_key: apiKeySchema });

/** The admin read: counts per key, never a key or its hash. */
export const adminApiKeyUsageSchema = z.object({
  keys: z.array(
    z.object({
      id: z.string(),
      user_email: z.string(),
      name: z.string(),
      prefix: z.string(),
      revoked: z.boolean(),
      last_used_at: z.string().nullable(),
      calls_today: z.number().int(),
    }),
  ),
});

import { z } from 'zod';
import { defineRoutes } from './contract';
import { idParams, MAX_COIN_AMOUNT } from './common';
import { cosmeticRef, inventoryEntry } from './accounts';
import {
  buffEffectTypes,
  effectTypes,
  itemTypes,
  powerUpEffectTypes,
  type EffectType,
} from '../store';

export * from '../store';

const ITEM_NAME_MAX = 60;
const MAX_STOCK = 1_000_000_000;

/** Range of an effect value as players type it (multiplier 1.5, luck 10 percent, 2 clicks). */
const effectValueRules: Record<
  Exclude<EffectType, 'cosmetic'>,
  { min: number; max: number; whole: boolean }
> = {
  'reward-multiplier': { min: 1, max: 3, whole: false },
  'slots-luck': { min: 1, max: 50, whole: false },
  'extra-safe-click': { min: 1, max: 5, whole: true },
  'mine-reduction': { min: 1, max: 5, whole: true },
};

/** Spec section 3, buff effect types: how an effect reads ('Reward ×1.5', '+10% slot luck'). */
export function describeEffect(effectType: EffectType | null, value: number | null): string {
  if (effectType === null || value === null) return 'No effect';
  switch (effectType) {
    case 'reward-multiplier':
      return `Reward ×${value}`;
    case 'slots-luck':
      return `+${value}% slot luck`;
    case 'extra-safe-click':
      return `${value} extra safe click${value === 1 ? '' : 's'}`;
    case 'mine-reduction':
      return `-${value} mine${value === 1 ? '' : 's'}`;
    case 'cosmetic':
      return 'Cosmetic';
  }
}

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9;

/** An uploaded picture of ours or an absolute https URL. */
const imageSchema = z
  .string({ error: 'image must be a string' })
  .trim()
  .max(500, 'image must be at most 500 characters')
  .refine(
    (s) =>
      s === '' || /^\/uploads\/[a-f0-9]{32}\.webp$/.test(s) || /^https:\/\/[^\s"'<>]+$/i.test(s),
    'image must be an uploaded picture or an https URL',
  )
  .transform((s) => (s === '' ? null : s));

const wholeNumber = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be at least 0`)
    .max(max, `${field} must be at most ${max}`);

const priceSchema = wholeNumber('price', MAX_COIN_AMOUNT);
const stockSchema = wholeNumber('stock', MAX_STOCK);

const createItemBody = z
  .strictObject({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(ITEM_NAME_MAX, `name must be at most ${ITEM_NAME_MAX} characters`),
    type: z.enum(itemTypes, { error: `type must be one of ${itemTypes.join(', ')}` }),
    effect: z
      .string({ error: 'effect must be a string' })
      .trim()
      .max(100, 'effect must be at most 100 characters')
      .nullish(),
    effectType: z
      .enum(effectTypes, { error: `effectType must be one of ${effectTypes.join(', ')}` })
      .nullish(),
    effectValue: z
      .number({ error: 'effectValue must be a number' })
      .positive('effectValue must be a positive number')
      .nullish(),
    price: priceSchema,
    stock: stockSchema,
    image: imageSchema.nullish(),
    emoji: z
      .string({ error: 'emoji must be a string' })
      .trim()
      .max(16, 'emoji must be at most 16 characters')
      .nullish(),
    description: z
      .string({ error: 'description must be a string' })
      .trim()
      .max(500, 'description must be at most 500 characters')
      .default(''),
  })
  .superRefine((item, ctx) => {
    const effectType = item.effectType ?? null;
    const value = item.effectValue ?? null;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    // Admin item form (spec section 4): cosmetic type and cosmetic effect go together, value 1.
    if ((item.type === 'cosmetic') !== (effectType === 'cosmetic')) {
      return issue(
        'effectType',
        item.type === 'cosmetic'
          ? 'effectType must be cosmetic for a cosmetic item'
          : 'effectType cosmetic needs type cosmetic',
      );
    }
    if (effectType === 'cosmetic') {
      if (value !== null && value !== 1)
        issue('effectValue', 'effectValue must be 1 for a cosmetic');
      return;
    }
    if (item.type === 'power-up' && effectType === null)
      return issue(
        'effectType',
        `effectType is required for a power-up (${powerUpEffectTypes.join(', ')})`,
      );
    if (effectType === null) {
      if (value !== null) issue('effectValue', 'effectValue needs an effectType');
      return;
    }
    if (item.type === 'badge') return issue('effectType', 'effectType must be empty for a badge');
    const rule = effectValueRules[effectType];
    if (value === null) return issue('effectValue', 'effectValue is required');
    if (value < rule.min || value > rule.max)
      return issue(
        'effectValue',
        `effectValue for ${effectType} must be between ${rule.min} and ${rule.max}`,
      );
    if (rule.whole && !Number.isInteger(value))
      return issue('effectValue', `effectValue for ${effectType} must be a whole number`);
    if (!hasAtMostTwoDecimals(value))
      issue('effectValue', 'effectValue may have at most 2 decimals');
  });
export type CreateItemBody = z.infer<typeof createItemBody>;

const updateItemBody = z
  .strictObject({
    price: priceSchema.optional(),
    stock: stockSchema.optional(),
    retired: z.boolean({ error: 'retired must be true or false' }).optional(),
  })
  .refine(
    (b) => b.price !== undefined || b.stock !== undefined || b.retired !== undefined,
    'body: send price, stock or retired',
  );

const purchaseBody = z.strictObject({
  itemId: z
    .union([z.string(), z.number()], { error: 'itemId is required' })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9][0-9]{0,15}$/.test(v), 'itemId must be a valid id')
    .transform(Number),
});

/** Spec section 3, store item. effectValue as players read it (1.5x, 10 percent, 2 clicks). */
const storeItemDto = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(itemTypes),
  effect: z.string(),
  effectType: z.enum(effectTypes).nullable(),
  effectValue: z.number().nullable(),
  price: z.number(),
  stock: z.number(),
  image: z.string().nullable(),
  emoji: z.string().nullable(),
  description: z.string(),
  /** Set on retired items (admin list only; the store hides them). */
  retired: z.boolean(),
});
export type StoreItemDto = z.infer<typeof storeItemDto>;

/** Spec section 3, purchase history entry. */
const purchaseHistoryEntry = z.object({
  _id: z.string(),
  item: z.object({
    _id: z.string(),
    name: z.string(),
    type: z.enum(itemTypes),
    emoji: z.string().nullable(),
    image: z.string().nullable(),
  }),
  price: z.number(),
  purchasedAt: z.string(),
});
export type PurchaseHistoryEntry = z.infer<typeof purchaseHistoryEntry>;

/** PUT /api/user/cosmetic: the cosmetic to show beside your name; null goes back to the default. */
const cosmeticChoiceBody = z.strictObject({
  itemId: z
    .union([z.string(), z.number()], {
      error: 'itemId is required (an item id, or null for the default)',
    })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9][0-9]{0,15}$/.test(v), 'itemId must be a valid id')
    .transform(Number)
    .nullable(),
});

/** What now shows beside the name, and the item chosen (null: the default rule picked it). */
const cosmeticChoiceDto = z.object({
  cosmetic: cosmeticRef.nullable(),
  cosmeticChoice: z.string().nullable(),
});
export type CosmeticChoiceDto = z.infer<typeof cosmeticChoiceDto>;

const storeUserDto = z.object({
  inventory: z.array(inventoryEntry),
  /** Newest first, the latest PURCHASE_HISTORY_LIMIT. */
  purchaseHistory: z.array(purchaseHistoryEntry),
  balance: z.number(),
});
export type StoreUserDto = z.infer<typeof storeUserDto>;
export const PURCHASE_HISTORY_LIMIT = 100;

const purchaseResponse = z.object({
  message: z.string(),
  balance: z.number(),
  item: storeItemDto,
  entry: inventoryEntry,
  purchase: purchaseHistoryEntry,
});
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

const buffDto = z.object({
  _id: z.string(),
  itemId: z.string(),
  name: z.string(),
  emoji: z.string().nullable(),
  effectType: z.enum(buffEffectTypes),
  value: z.number(),
  /** 'Reward ×1.5', '+10% slot luck'. */
  label: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export type BuffDto = z.infer<typeof buffDto>;

const activeBuffsDto = z.object({
  buffs: z.array(buffDto),
  /** Combined effect now: product of multipliers (capped at 3), sum of luck (capped at 50). */
  rewardMultiplier: z.number(),
  slotsLuck: z.number(),
  /** The server's clock, so a page counts down from the server's idea of now. */
  now: z.string(),
});
export type ActiveBuffsDto = z.infer<typeof activeBuffsDto>;

const useItemResponse = z.object({
  message: z.string(),
  buff: buffDto,
  /** Units of the item left. */
  quantity: z.number(),
});
export type UseItemResponse = z.infer<typeof useItemResponse>;

const itemActionResponse = z.object({ message: z.string(), item: storeItemDto });
export type ItemActionResponse = z.infer<typeof itemActionResponse>;

const uploadResponse = z.object({ url: z.string() });

export const storeRoutes = defineRoutes({
  'GET /api/store': {
    auth: 'public',
    summary: 'Items on sale (stock left, not retired)',
    reply: z.array(storeItemDto),
  },
  'GET /api/store/user': {
    auth: 'user',
    summary: 'Your inventory, purchase history (newest 100) and balance',
    reply: storeUserDto,
  },
  'PUT /api/user/cosmetic': {
    auth: 'user',
    summary:
      'Choose which held cosmetic shows beside your name (null: a store cosmetic before a collectible, then the newest)',
    body: cosmeticChoiceBody,
    reply: cosmeticChoiceDto,
  },
  'GET /api/store/buffs': {
    auth: 'user',
    summary: 'Your running buffs and their combined effect',
    reply: activeBuffsDto,
  },
  'POST /api/store/purchase': {
    auth: 'user',
    idempotent: true,
    summary: 'Buy one unit of an item',
    body: purchaseBody,
    reply: purchaseResponse,
  },
  'POST /api/store/items/:id/use': {
    auth: 'user',
    idempotent: true,
    summary: 'Use one unlocked unit of a power-up: starts a 60-minute buff',
    params: idParams,
    reply: useItemResponse,
  },
  'GET /api/store/items': {
    auth: 'admin',
    summary: 'Every item, sold out and retired too',
    reply: z.array(storeItemDto),
  },
  'POST /api/store/create': {
    auth: 'admin',
    summary: 'Create a store item',
    body: createItemBody,
    reply: itemActionResponse,
    status: 201,
  },
  'PATCH /api/store/items/:id': {
    auth: 'admin',
    summary:
      "Change an item's price or stock, or retire it (hidden from the store, kept in inventories)",
    params: idParams,
    body: updateItemBody,
    reply: itemActionResponse,
  },
  'POST /api/store/upload': {
    auth: 'admin',
    summary: 'Upload an item picture (multipart: image)',
    multipart: true,
    reply: uploadResponse,
    status: 201,
  },
});

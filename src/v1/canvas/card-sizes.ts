import type { CardType } from './card-data.js';

// The sizes live here, not beside each design, so the catalog reads them without loading the
// drawing code (and with it the canvas library) at start-up.
export const XP_CARD = { width: 934, height: 282 } as const;
export const ME_CARD = { width: 800, height: 440 } as const;
export const LEVELUP_CARD = { width: 800, height: 260 } as const;
export const AI_CARD = { width: 934, height: 282 } as const;

/** The pixel size of each design, as the catalog announces it. */
export const CARD_SIZES: Record<CardType, { width: number; height: number }> = {
  xp: XP_CARD,
  me: ME_CARD,
  levelup: LEVELUP_CARD,
  ai: AI_CARD,
};

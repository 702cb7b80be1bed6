import type { CardType } from './card-data.js';
import { AI_CARD } from './cards/ai-card.js';
import { LEVELUP_CARD } from './cards/levelup-card.js';
import { ME_CARD } from './cards/me-card.js';
import { XP_CARD } from './cards/xp-card.js';

/** The pixel size of each design, as the catalog announces it. */
export const CARD_SIZES: Record<CardType, { width: number; height: number }> = {
  xp: XP_CARD,
  me: ME_CARD,
  levelup: LEVELUP_CARD,
  ai: AI_CARD,
};

import type { Canvas, Image } from '@napi-rs/canvas';
import type { Rgb } from '../../lib/colour.js';

export const CARD_TYPES = ['xp', 'me', 'levelup', 'ai'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Everything a card design draws, already checked and with defaults filled in. */
export interface CardData {
  name: string;
  level: number;
  xp: number;
  needed: number;
  rank?: number;
  accent: Rgb;
  face: Image | Canvas;
  /** The blurred avatar; absent when the default avatar is drawn. */
  backdrop?: Image | Canvas;
}

/** Each design's accent when the caller gives none. */
export const DEFAULT_ACCENTS: Record<CardType, string> = {
  xp: '#8b5cf6',
  me: '#f472b6',
  levelup: '#f59e0b',
  ai: '#22d3ee',
};

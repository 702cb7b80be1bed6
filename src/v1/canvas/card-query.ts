import { Type } from 'typebox';
import { HEX_PATTERN, parseHex, type Rgb } from '../../lib/colour.js';
import { badRequest } from '../../lib/problem.js';
import { CARD_TYPES, type CardType, DEFAULT_ACCENTS } from './card-data.js';
import { defaultXpNeeded } from './progress.js';

export const CardParams = Type.Object({
  type: Type.Enum([...CARD_TYPES], { description: 'The design: xp (rank card), me (profile), levelup, ai.' }),
});

/** A character that draws something: not white space, not default-ignorable (U+200B, U+FEFF, U+3164, …), not the blank braille cell. */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/u;

export const CardQuery = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 32,
    description: 'Display name, 1 to 32 characters; Latin, Japanese and emoji render.',
  }),
  level: Type.Integer({ minimum: 0, maximum: 9999 }),
  avatar: Type.Optional(
    Type.String({
      maxLength: 2048,
      description: 'https URL of an image (PNG, JPEG, WebP, GIF, AVIF), at most 2 MB.',
    }),
  ),
  xp: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'XP into the current level.' }),
  ),
  needed: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1_000_000_000,
      description: 'XP the level takes; default 5·level² + 50·level + 100.',
    }),
  ),
  rank: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  accent: Type.Optional(
    Type.String({ pattern: HEX_PATTERN, description: 'Accent colour as hex, e.g. 8b5cf6 or %23f472b6.' }),
  ),
});

export interface CardOptions {
  name: string;
  level: number;
  xp: number;
  needed: number;
  rank?: number;
  accent: Rgb;
  avatar?: string;
}

/** What the schema cannot say: a blank name, an avatar that is no https URL. Fills in the defaults. */
export function toCardOptions(
  type: CardType,
  query: {
    name: string;
    level: number;
    avatar?: string;
    xp?: number;
    needed?: number;
    rank?: number;
    accent?: string;
  },
): CardOptions {
  const name = query.name.trim();
  if (name === '') throw badRequest('name', 'must not be blank');
  // Control characters would draw as boxes or move the pen; everything printable is welcome.
  if (/\p{Cc}/u.test(name)) throw badRequest('name', 'must not contain control characters');
  // Zero-width spaces, joiners, fillers and the like draw nothing: a name of only those is blank too.
  if (!VISIBLE.test(name)) throw badRequest('name', 'must contain a visible character');
  let avatar: string | undefined;
  if (query.avatar !== undefined && query.avatar !== '') {
    let url: URL;
    try {
      url = new URL(query.avatar);
    } catch {
      throw badRequest('avatar', 'must be an https URL');
    }
    if (url.protocol !== 'https:') throw badRequest('avatar', 'must be an https URL');
    avatar = url.href;
  }
  const accent = parseHex(query.accent ?? DEFAULT_ACCENTS[type]);
  if (!accent) throw badRequest('accent', 'must be a hex colour such as 8b5cf6');
  return {
    name,
    level: query.level,
    xp: query.xp ?? 0,
    needed: query.needed ?? defaultXpNeeded(query.level),
    rank: query.rank,
    accent,
    avatar,
  };
}

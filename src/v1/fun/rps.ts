import type { Lang } from './lang.js';

export const MOVES = ['rock', 'paper', 'scissors'] as const;
export type Move = (typeof MOVES)[number];
export type RpsResult = 'win' | 'lose' | 'draw';

const ALIASES: Record<string, { move: Move; lang: Lang }> = {
  rock: { move: 'rock', lang: 'en' },
  paper: { move: 'paper', lang: 'en' },
  scissors: { move: 'scissors', lang: 'en' },
  stein: { move: 'rock', lang: 'de' },
  papier: { move: 'paper', lang: 'de' },
  schere: { move: 'scissors', lang: 'de' },
};

export const ACCEPTED_CHOICES = Object.keys(ALIASES);

/** Reads a player's move in English or German, ignoring case and surrounding spaces. */
export function parseMove(input: string): { move: Move; lang: Lang } | undefined {
  const key = input.trim().toLowerCase();
  // Own keys only: "__proto__" or "constructor" would otherwise find Object.prototype's.
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

const BEATS: Record<Move, Move> = { rock: 'scissors', paper: 'rock', scissors: 'paper' };

/** The outcome from the player's side. */
export function decide(player: Move, server: Move): RpsResult {
  if (player === server) return 'draw';
  return BEATS[player] === server ? 'win' : 'lose';
}

const NAMES: Record<Lang, Record<Move, string>> = {
  en: { rock: 'Rock', paper: 'Paper', scissors: 'Scissors' },
  de: { rock: 'Stein', paper: 'Papier', scissors: 'Schere' },
};

/** "winner verb loser", per winning move. */
const HOW: Record<Lang, Record<Move, string>> = {
  en: { rock: 'Rock crushes scissors', paper: 'Paper covers rock', scissors: 'Scissors cut paper' },
  de: {
    rock: 'Stein macht Schere stumpf',
    paper: 'Papier wickelt Stein ein',
    scissors: 'Schere schneidet Papier',
  },
};

export function moveName(move: Move, lang: Lang): string {
  return NAMES[lang][move];
}

/** One friendly sentence about the round, in the asked language. */
export function rpsMessage(player: Move, server: Move, lang: Lang): string {
  const result = decide(player, server);
  if (result === 'draw') {
    return lang === 'de'
      ? `Wir haben beide ${NAMES.de[player]} gewählt – unentschieden!`
      : `We both picked ${NAMES.en[player].toLowerCase()}. It's a draw!`;
  }
  if (result === 'win')
    return lang === 'de' ? `${HOW.de[player]} – du gewinnst!` : `${HOW.en[player]}. You win!`;
  return lang === 'de' ? `${HOW.de[server]} – ich gewinne!` : `${HOW.en[server]}. I win!`;
}

/** The limits of the utility endpoints, as docs/util.md lists them for each parameter. */
export const UUID_COUNT_MAX = 50;
export const UUID_COUNT_DEFAULT = 1;
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 128;
export const PASSWORD_LENGTH_DEFAULT = 16;
export const DICE_SIDES_MIN = 2;
export const DICE_SIDES_MAX = 1000;
export const DICE_COUNT_MAX = 100;
export const DICE_SIDES_DEFAULT = 6;
export const DICE_COUNT_DEFAULT = 1;
export const QR_TEXT_MAX = 1500;
export const LOREM_WORDS_MIN = 1;
export const LOREM_WORDS_MAX = 500;
export const LOREM_WORDS_DEFAULT = 50;
export const ROMAN_MIN = 1;
export const ROMAN_MAX = 3999;
/**
 * Free text (hash, base64, slugify, morse, binary) arrives in the query string, which Node caps at
 * 16 KiB of request head anyway; 10,000 characters keeps every answer small and cheap.
 */
export const TEXT_MAX = 10_000;

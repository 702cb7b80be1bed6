import { badRequest } from '../../lib/problem.js';

// ITU-R M.1677-1, plus the widespread German extensions Ä, Ö, Ü and ß.
// biome-ignore format: a code table reads best as a table
const CODES: Record<string, string> = {
  A: '.-', B: '-...', C: '-.-.', D: '-..', E: '.', F: '..-.', G: '--.', H: '....', I: '..', J: '.---',
  K: '-.-', L: '.-..', M: '--', N: '-.', O: '---', P: '.--.', Q: '--.-', R: '.-.', S: '...', T: '-',
  U: '..-', V: '...-', W: '.--', X: '-..-', Y: '-.--', Z: '--..',
  '0': '-----', '1': '.----', '2': '..---', '3': '...--', '4': '....-',
  '5': '.....', '6': '-....', '7': '--...', '8': '---..', '9': '----.',
  '.': '.-.-.-', ',': '--..--', '?': '..--..', "'": '.----.', '!': '-.-.--', '/': '-..-.', '(': '-.--.',
  ')': '-.--.-', '&': '.-...', ':': '---...', ';': '-.-.-.', '=': '-...-', '+': '.-.-.', '-': '-....-',
  _: '..--.-', '"': '.-..-.', $: '...-..-', '@': '.--.-.',
  Ä: '.-.-', Ö: '---.', Ü: '..--', ẞ: '...--..',
};

const LETTERS = new Map(Object.entries(CODES).map(([letter, code]) => [code, letter]));

/**
 * Text → Morse: letters separated by one space, words by " / ". Case does not matter; a character
 * Morse has no code for is refused by name.
 */
export function encodeMorse(text: string): string {
  const words = text.trim().replaceAll('ß', 'ẞ').toUpperCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) throw badRequest('text', 'has nothing to encode');
  return words
    .map((word) =>
      [...word]
        .map((char) => {
          const code = CODES[char];
          if (!code) throw badRequest('text', `has a character Morse code has no sign for: "${char}"`);
          return code;
        })
        .join(' '),
    )
    .join(' / ');
}

/**
 * Morse → text (upper case). Signs are separated by spaces, words by "/" or "|" (or three or more
 * spaces). Typographic dots and dashes (·, •, −, –, —) are read as . and -.
 */
export function decodeMorse(morse: string): string {
  const normalised = morse
    .replace(/[·•∙]/g, '.')
    .replace(/[−–—_]/g, '-')
    .trim();
  if (/[^.\-/|\s]/.test(normalised)) {
    throw badRequest('text', 'may contain only dots, dashes, spaces and "/" between words');
  }
  const words = normalised
    .split(/\s*[/|]\s*|\s{3,}/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) throw badRequest('text', 'has nothing to decode');
  return words
    .map((word) =>
      word
        .split(/\s+/)
        .map((code) => {
          const letter = LETTERS.get(code);
          if (!letter) throw badRequest('text', `has a sign that is not Morse code: "${code}"`);
          return letter;
        })
        .join(''),
    )
    .join(' ');
}

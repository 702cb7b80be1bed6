// German first (ä → ae rather than NFKD's a), then letters that NFKD does not take apart.
const TRANSLITERATION: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '&': ' and ',
};

const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATION).join('')}]`, 'g');

/**
 * A URL slug: lower-case ASCII letters and digits joined by single hyphens. Umlauts become
 * ae/oe/ue and ß becomes ss; other accents are dropped after NFKD decomposition; everything else
 * separates words. Returns '' when nothing fits (for example text in a non-Latin script).
 */
export function slugify(text: string): string {
  return (
    text
      // Composed first, so that a decomposed ü (u + U+0308) still becomes "ue".
      .normalize('NFC')
      .replace(TRANSLITERATED, (c) => TRANSLITERATION[c])
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

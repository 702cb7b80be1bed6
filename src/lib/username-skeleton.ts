import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of a name (Unicode TR39, section 4), made case-blind: compatibility
 * forms folded (NFKC: fullwidth, mathematical bold and the like), lower-cased, every character
 * replaced by the prototype of its confusable class (unhomoglyph carries Unicode's
 * confusables.txt), lower-cased again and composed (NFC). Two names with one skeleton look
 * alike: `admin`, Cyrillic `аdmin`, fullwidth `ａｄｍｉｎ` and `𝐚𝐝𝐦𝐢𝐧` share `adrnin`. The
 * skeleton is for comparing only, never for showing.
 */
export function usernameSkeleton(name: string): string {
  return unhomoglyph(name.normalize('NFKC').toLowerCase()).toLowerCase().normalize('NFC');
}

/**
 * The skeletons a reserved name blocks: its own, and that of its capitals (whose confusables
 * differ: a capital I looks like a small l, so `KlZUNA` passes for `KIZUNA`).
 */
export function reservedSkeletons(name: string): string[] {
  return [usernameSkeleton(name), usernameSkeleton(unhomoglyph(name.toUpperCase()))];
}

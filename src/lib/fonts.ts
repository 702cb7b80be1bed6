import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts every card and generated image is drawn with, loaded from their npm packages (never from the system, so
 * a card looks the same on every machine): Outfit for Latin, M PLUS Rounded 1c for Japanese
 * (and Cyrillic, Greek and any Latin glyph Outfit lacks), Noto Sans KR for Korean Hangul, Noto
 * Color Emoji for emoji, and DejaVu Sans last for the symbols names like to carry (★ ♡ ✦ ♪) and
 * scripts the others lack.
 */
export const FONT = {
  /** A font stack for ctx.font: Latin first, then Japanese, Korean, emoji, then symbols. */
  stack: 'Outfit, "M PLUS Rounded 1c", "Noto Sans KR", "Noto Color Emoji", "DejaVu Sans"',
} as const;

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

let registered = false;
let headlineRegistered = false;

/**
 * The heavy Latin face and the symbol fallback alone, for generated pictures whose only text is a
 * word or two: loading every card font (the colour emoji above all) costs half a second.
 */
export function headlineFont(sizePx: number): string {
  if (!headlineRegistered && !registered) {
    const { GlobalFonts } = require('@napi-rs/canvas') as typeof import('@napi-rs/canvas');
    const files: Array<[string, string]> = [
      [join(packageDir('@expo-google-fonts/outfit'), '800ExtraBold/Outfit_800ExtraBold.ttf'), 'Outfit'],
      [join(packageDir('dejavu-fonts-ttf'), 'ttf/DejaVuSans-Bold.ttf'), 'DejaVu Sans'],
    ];
    for (const [path, family] of files) {
      if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`could not load the font ${path}`);
    }
  }
  headlineRegistered = true;
  return `800 ${sizePx}px Outfit, "DejaVu Sans"`;
}

function fontFiles(): Array<[string, string]> {
  const outfit = packageDir('@expo-google-fonts/outfit');
  const rounded = packageDir('@expo-google-fonts/m-plus-rounded-1c');
  const korean = packageDir('@expo-google-fonts/noto-sans-kr');
  const dejavu = packageDir('dejavu-fonts-ttf');
  const files: Array<[string, string]> = [
    [join(outfit, '400Regular/Outfit_400Regular.ttf'), 'Outfit'],
    [join(outfit, '600SemiBold/Outfit_600SemiBold.ttf'), 'Outfit'],
    [join(outfit, '800ExtraBold/Outfit_800ExtraBold.ttf'), 'Outfit'],
    [join(rounded, '400Regular/MPLUSRounded1c_400Regular.ttf'), 'M PLUS Rounded 1c'],
    [join(rounded, '800ExtraBold/MPLUSRounded1c_800ExtraBold.ttf'), 'M PLUS Rounded 1c'],
    [join(korean, '400Regular/NotoSansKR_400Regular.ttf'), 'Noto Sans KR'],
    [join(korean, '800ExtraBold/NotoSansKR_800ExtraBold.ttf'), 'Noto Sans KR'],
    [
      require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff2'),
      'Noto Color Emoji',
    ],
    [join(dejavu, 'ttf/DejaVuSans.ttf'), 'DejaVu Sans'],
    [join(dejavu, 'ttf/DejaVuSans-Bold.ttf'), 'DejaVu Sans'],
    [join(dejavu, 'ttf/DejaVuSansMono.ttf'), 'DejaVu Sans Mono'],
    [join(dejavu, 'ttf/DejaVuSansMono-Bold.ttf'), 'DejaVu Sans Mono'],
  ];
  return files;
}

/**
 * Throws when a font file is missing: start-up calls it so a missing font package stops the service
 * instead of the first card, without loading the canvas library (that waits for the first drawing).
 */
export function checkCardFonts(): void {
  for (const [path] of fontFiles()) {
    if (!statSync(path, { throwIfNoEntry: false })?.isFile())
      throw new Error(`the card font ${path} is missing`);
  }
}

/** Registers our fonts with the canvas library, once; loads the library if nothing has yet. */
export function registerCardFonts(): void {
  if (registered) return;
  // require, not import: callers draw synchronously, and by then the library is loaded anyway.
  const { GlobalFonts } = require('@napi-rs/canvas') as typeof import('@napi-rs/canvas');
  for (const [path, family] of fontFiles()) {
    if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`could not load the card font ${path}`);
  }
  registered = true;
}

/** A ctx.font value in our stack (or, with `mono`, in DejaVu Sans Mono). */
export function font(
  weight: 400 | 600 | 800,
  sizePx: number,
  options: { italic?: boolean; mono?: boolean } = {},
): string {
  // Whoever asks for a font gets ours, even before the plugin registered them.
  registerCardFonts();
  return `${options.italic ? 'italic ' : ''}${weight} ${sizePx}px ${options.mono ? '"DejaVu Sans Mono"' : FONT.stack}`;
}

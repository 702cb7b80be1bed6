/**
 * Messaging platforms whose invite links we know. A submission naming one of these gets the
 * official spelling and must carry a link on one of its hosts; any other platform name is kept
 * as given and accepts any https link.
 */
export interface KnownPlatform {
  name: string;
  /** Spellings users type for it (compared by `platformSkeleton`, so case and spacing are free). */
  aliases: string[];
  links: InviteRule[];
  example: string;
}

/**
 * Where an invite link of a platform may point. `code` says where the group's code is: in the
 * path after `path` (the default; something with a letter or digit must follow the prefix, and a
 * query or fragment alone never counts), in the #fragment of exactly `path` (Signal, Matrix), or
 * in one of the named query parameters of exactly `path` (Viber).
 */
export interface InviteRule {
  host: string;
  path: string;
  code?: { fragment: RegExp } | { query: string[] };
  /** Path codes that are a page of the platform rather than a group (t.me/joinchat alone). */
  notCodes?: string[];
}

export const KNOWN_PLATFORMS: KnownPlatform[] = [
  {
    name: 'WhatsApp',
    aliases: ['whatsapp', 'wa'],
    links: [
      { host: 'chat.whatsapp.com', path: '/' },
      { host: 'whatsapp.com', path: '/channel/' },
      { host: 'www.whatsapp.com', path: '/channel/' },
    ],
    example: 'https://chat.whatsapp.com/AbCdEf123',
  },
  {
    name: 'Telegram',
    aliases: ['telegram', 'tg'],
    links: ['t.me', 'telegram.me', 'www.t.me', 'www.telegram.me'].map((host) => ({
      host,
      path: '/',
      notCodes: ['joinchat'],
    })),
    example: 'https://t.me/joinchat/AbCdEf123',
  },
  {
    name: 'Discord',
    aliases: ['discord'],
    links: [
      { host: 'discord.gg', path: '/' },
      { host: 'discord.com', path: '/invite/' },
      { host: 'www.discord.com', path: '/invite/' },
      { host: 'discordapp.com', path: '/invite/' },
    ],
    example: 'https://discord.gg/AbCdEf',
  },
  {
    name: 'Signal',
    aliases: ['signal'],
    // Signal's group links carry the group's key in the fragment, which never reaches a server.
    links: [{ host: 'signal.group', path: '/', code: { fragment: /^#[A-Za-z0-9_-]/ } }],
    example: 'https://signal.group/#CjQKIA…',
  },
  {
    name: 'Matrix',
    aliases: ['matrix', 'element'],
    // A room alias (#room:server) or id (!id:server) after "#/", its sigil possibly %-encoded.
    // The ":server" part is not insisted on (bench/areas/groups.ts seeds server-less aliases).
    links: [{ host: 'matrix.to', path: '/', code: { fragment: /^#\/(?:[#!]|%23|%21)[A-Za-z0-9]/i } }],
    example: 'https://matrix.to/#/#room:example.org',
  },
  {
    name: 'LINE',
    aliases: ['line'],
    links: [
      { host: 'line.me', path: '/' },
      { host: 'liff.line.me', path: '/' },
    ],
    example: 'https://line.me/ti/g2/AbCdEf',
  },
  {
    name: 'Viber',
    aliases: ['viber'],
    links: [{ host: 'invite.viber.com', path: '/', code: { query: ['g2', 'g'] } }],
    example: 'https://invite.viber.com/?g2=AbCdEf',
  },
  {
    name: 'Slack',
    aliases: ['slack'],
    links: [{ host: 'join.slack.com', path: '/t/' }],
    example: 'https://join.slack.com/t/workspace/shared_invite/…',
  },
  {
    name: 'KakaoTalk',
    aliases: ['kakaotalk', 'kakao'],
    // Open chats; open.kakao.com/me/… is a person's profile.
    links: [{ host: 'open.kakao.com', path: '/o/' }],
    example: 'https://open.kakao.com/o/AbCdEf',
  },
];

/**
 * Letters from other scripts (and a few Latin ones and digits) that look like the Latin letter
 * they stand for here: enough of Unicode's confusables for the names above, so that "WhаtsApp"
 * with a Cyrillic а, or "Disc0rd", cannot pass as some other platform that takes any link.
 */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    // Cyrillic capitals and small letters
    'АA ВB ЕE КK МM НH ОO РP СC ТT УY ХX ЅS ІI ЈJ ԚQ ԜW ҮY Ӏl',
    'аa еe оo рp сc уy хx ѕs іi јj ԛq ԝw һh ԁd ӏl үy',
    // Greek capitals and small letters
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX οo νv αa ιi κk ρp υu χx γy',
    // Latin letters NFKD leaves alone, and digits
    'ıi ɡg ɑa ɩi 0o 1l',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [...pair] as [string, string]),
);

/**
 * The form platform names are compared in: compatibility forms unfolded (full-width letters),
 * accents and other marks dropped, look-alikes replaced, lower-case, the pairs people and fonts
 * mix up (i/l, rn/m, vv/w) folded, and everything but letters and digits removed — spaces,
 * punctuation, invisible characters. "WhatsApp", "whats app", "WhatsApp." and "WhаtsApp" (Cyrillic
 * а) all come out as the same skeleton.
 */
export function platformSkeleton(text: string): string {
  return [...text.normalize('NFKD').replace(/\p{M}+/gu, '')]
    .map((char) => LOOKALIKES[char] ?? char)
    .join('')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replaceAll('i', 'l')
    .replaceAll('rn', 'm')
    .replaceAll('vv', 'w');
}

const BY_SKELETON = new Map(
  KNOWN_PLATFORMS.flatMap((p) => p.aliases.map((alias) => [platformSkeleton(alias), p] as const)),
);

/**
 * Characters that show nothing: format characters (\p{Cf}: zero-width space, soft hyphen, word
 * joiner, bidirectional overrides, tag characters) and the rest of Unicode's default-ignorable
 * ones (variation selectors, combining grapheme joiner, Hangul fillers).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/** Emoji keep what makes them one picture: a zero-width joiner between two, a variation selector after one. */
function keepsEmojiTogether(char: string, text: string, at: number): boolean {
  const before =
    [...text.slice(Math.max(0, at - 3), at)].filter((c) => !/[\uFE0E\uFE0F]/.test(c)).pop() ?? '';
  if (char === '\uFE0F' || char === '\uFE0E') return PICTOGRAPH.test(before) || /^[#*0-9]$/.test(before);
  if (char === '\u200D')
    return PICTOGRAPH.test(before) && PICTOGRAPH.test(String.fromCodePoint(text.codePointAt(at + 1) ?? 0));
  return false;
}

/**
 * The form every one-line name (title, platform, category) is kept in: NFKC, invisible characters
 * removed (so "WhatsApp\u200b" is not a second WhatsApp, and a name of nothing but them is blank),
 * control characters turned into spaces, whitespace collapsed and trimmed (PostgreSQL refuses NUL
 * in text, so it must never reach a query).
 */
export function cleanName(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, (char, at: number, whole: string) =>
      keepsEmojiTogether(char, whole, at) ? char : '',
    )
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/**
 * The key filters and statistics compare with: the cleaned name, blind to letter case and to
 * sentence punctuation at its end ("Anime." is "Anime"). Other punctuation counts: "C#" and "C++"
 * are not "C".
 */
export function nameKey(text: string): string {
  const key = cleanName(text).toLowerCase();
  return key.replace(/[\s.,;:!?…。、！？]+$/u, '') || key;
}

export function knownPlatform(platform: string): KnownPlatform | undefined {
  const skeleton = platformSkeleton(platform);
  return skeleton === '' ? undefined : BY_SKELETON.get(skeleton);
}

/**
 * The name a platform is stored and shown under: a name that reads as a known platform (see
 * `platformSkeleton`) is that platform, under its official spelling, and needs its kind of link;
 * any other name is kept as written (cleaned).
 */
export function canonicalPlatform(platform: string): string {
  return knownPlatform(platform)?.name ?? cleanName(platform);
}

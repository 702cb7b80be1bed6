/**
 * Messaging platforms whose invite links we know. A submission naming one of these gets the
 * official spelling and must carry a link on one of its hosts; any other platform name is kept
 * as given and accepts any https link.
 */
export interface KnownPlatform {
  name: string;
  /** Lower-case spellings users type for it. */
  aliases: string[];
  /** Hostname and the path prefix an invite link must start with ('' = any non-empty path). */
  links: Array<{ host: string; path: string }>;
  example: string;
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
    links: [
      { host: 't.me', path: '/' },
      { host: 'telegram.me', path: '/' },
      { host: 'www.t.me', path: '/' },
      { host: 'www.telegram.me', path: '/' },
    ],
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
    links: [{ host: 'signal.group', path: '/' }],
    example: 'https://signal.group/#CjQKIA…',
  },
  {
    name: 'Matrix',
    aliases: ['matrix', 'element'],
    links: [{ host: 'matrix.to', path: '/' }],
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
    links: [{ host: 'invite.viber.com', path: '/' }],
    example: 'https://invite.viber.com/?g2=AbCdEf',
  },
  {
    name: 'Slack',
    aliases: ['slack'],
    links: [{ host: 'join.slack.com', path: '/' }],
    example: 'https://join.slack.com/t/workspace/shared_invite/…',
  },
  {
    name: 'KakaoTalk',
    aliases: ['kakaotalk', 'kakao'],
    links: [{ host: 'open.kakao.com', path: '/' }],
    example: 'https://open.kakao.com/o/AbCdEf',
  },
];

const BY_ALIAS = new Map(KNOWN_PLATFORMS.flatMap((p) => p.aliases.map((alias) => [alias, p] as const)));

/**
 * Control characters turned into spaces, whitespace collapsed and trimmed: the form every one-line
 * name is kept in (PostgreSQL refuses NUL in text, so it must never reach a query).
 */
export function cleanName(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/** The key filters and statistics compare with: exact, but blind to letter case. */
export function nameKey(text: string): string {
  return cleanName(text).toLowerCase();
}

export function knownPlatform(platform: string): KnownPlatform | undefined {
  return BY_ALIAS.get(nameKey(platform));
}

/** The name a platform is stored and shown under. */
export function canonicalPlatform(platform: string): string {
  return knownPlatform(platform)?.name ?? cleanName(platform);
}

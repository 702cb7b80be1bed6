/** The platforms the downloader serves and what each accepts. */
export const PLATFORMS = [
  'tiktok',
  'youtube',
  'spotify',
  'soundcloud',
  'instagram',
  'facebook',
  'twitter',
  'pinterest',
  'threads',
] as const;

export type Platform = (typeof PLATFORMS)[number];
export type Mode = 'auto' | 'audio' | 'video';

export interface PlatformInfo {
  /** Registrable domains; their subdomains match too. */
  hosts: readonly string[];
  /** What `mode: auto` means on this platform. */
  defaultMode: 'audio' | 'video' | 'image';
  /** Modes a client may ask for besides auto. */
  modes: readonly Mode[];
  /** Shown in the catalog. */
  label: string;
  beta?: boolean;
}

// Country domains Pinterest serves pins from; pin.it is its own short-link domain.
const PINTEREST_TLDS = [
  'com',
  'at',
  'ca',
  'ch',
  'cl',
  'co.kr',
  'co.uk',
  'com.au',
  'com.mx',
  'de',
  'dk',
  'es',
  'fr',
  'ie',
  'it',
  'jp',
  'nz',
  'ph',
  'pt',
  'ru',
  'se',
];

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  tiktok: { hosts: ['tiktok.com'], defaultMode: 'video', modes: ['audio', 'video'], label: 'TikTok' },
  youtube: {
    hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
    defaultMode: 'video',
    modes: ['audio', 'video'],
    label: 'YouTube',
  },
  // Tracks only; the audio itself comes from the best-matching YouTube upload.
  spotify: {
    hosts: ['open.spotify.com', 'play.spotify.com'],
    defaultMode: 'audio',
    modes: ['audio'],
    label: 'Spotify',
  },
  soundcloud: { hosts: ['soundcloud.com'], defaultMode: 'audio', modes: ['audio'], label: 'SoundCloud' },
  instagram: {
    hosts: ['instagram.com', 'instagr.am'],
    defaultMode: 'video',
    modes: ['audio', 'video'],
    label: 'Instagram',
  },
  facebook: {
    hosts: ['facebook.com', 'fb.watch', 'fb.com'],
    defaultMode: 'video',
    modes: ['audio', 'video'],
    label: 'Facebook',
  },
  twitter: {
    hosts: ['twitter.com', 'x.com'],
    defaultMode: 'video',
    modes: ['audio', 'video'],
    label: 'Twitter / X',
  },
  pinterest: {
    hosts: [...PINTEREST_TLDS.map((tld) => `pinterest.${tld}`), 'pin.it'],
    defaultMode: 'image',
    modes: [],
    label: 'Pinterest (images)',
    beta: true,
  },
  threads: {
    hosts: ['threads.net', 'threads.com'],
    defaultMode: 'video',
    modes: ['video'],
    label: 'Threads',
  },
};

export function isPlatform(name: string): name is Platform {
  return (PLATFORMS as readonly string[]).includes(name);
}

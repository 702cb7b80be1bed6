import { type Static, Type } from 'typebox';

const NullableString = (description?: string) =>
  Type.Union([Type.String(), Type.Null()], description ? { description } : {});

/** The pictures the data has of a character, by the field names of `images`. */
export const IMAGE_KINDS = ['icon', 'sideIcon', 'card', 'portrait', 'cover', 'avatar'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const ImageUrl = (what: string) =>
  NullableString(
    `${what}: a URL on this service (the stored file once it has been fetched, until then the picture's own ` +
      'route, which stores it); null when the data has none',
  );

/** A playable Genshin Impact character as Kizuna serves it. */
export const GenshinCharacterSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: NullableString(),
  element: Type.String(),
  weapon: Type.String(),
  rarity: Type.Integer({ minimum: 1, maximum: 5 }),
  region: NullableString(),
  affiliation: NullableString(),
  gender: NullableString(),
  birthday: NullableString(),
  constellation: NullableString(),
  description: NullableString(),
  /** Game version the character arrived in. */
  version: NullableString(),
  images: Type.Object({
    icon: ImageUrl('Square icon'),
    sideIcon: ImageUrl('Side icon'),
    card: ImageUrl('Upright character card'),
    portrait: ImageUrl('Full portrait'),
    cover: ImageUrl('Wide wish banner art'),
    avatar: ImageUrl('HoYoLAB avatar'),
  }),
  wikiUrl: NullableString(),
});

export type GenshinCharacter = Static<typeof GenshinCharacterSchema>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const httpsUrl = (value: unknown): string | null => {
  const s = text(value);
  // Some of the dataset's URLs carry raw spaces; encode them so clients can fetch them as they are.
  return s && /^https:\/\//i.test(s) ? s.replaceAll(' ', '%20') : null;
};

/** genshin-db's character record → ours. Null for a record without id, name, element or weapon. */
export function toGenshinCharacter(raw: unknown): GenshinCharacter | null {
  if (!isObject(raw)) return null;
  const id = Number.isInteger(raw.id) ? (raw.id as number) : null;
  const name = text(raw.name);
  const element = text(raw.elementText);
  const weapon = text(raw.weaponText);
  const rarity = Number.isInteger(raw.rarity) ? (raw.rarity as number) : null;
  if (id === null || !name || !element || !weapon || rarity === null) return null;
  const images = isObject(raw.images) ? raw.images : {};
  const url = isObject(raw.url) ? raw.url : {};
  return {
    id,
    name,
    title: text(raw.title),
    element,
    weapon,
    rarity,
    region: text(raw.region),
    affiliation: text(raw.affiliation),
    gender: text(raw.gender),
    birthday: text(raw.birthday),
    constellation: text(raw.constellation),
    description: text(raw.description),
    version: text(raw.version),
    images: {
      icon: httpsUrl(images.mihoyo_icon) ?? httpsUrl(images.hoyowiki_icon),
      sideIcon: httpsUrl(images.mihoyo_sideIcon),
      card: httpsUrl(images.card),
      portrait: httpsUrl(images.portrait),
      cover: httpsUrl(images.cover1) ?? httpsUrl(images.cover2),
      avatar: httpsUrl(images['hoyolab-avatar']),
    },
    wikiUrl: httpsUrl(url.fandom),
  };
}

import { type Static, Type } from 'typebox';

const NullableString = () => Type.Union([Type.String(), Type.Null()]);
const NullableInteger = () => Type.Union([Type.Integer(), Type.Null()]);

/** One anime as Kizuna answers it, whatever shape the upstream database has this year. */
export const AnimeSchema = Type.Object({
  malId: Type.Integer(),
  title: Type.String(),
  titleEnglish: NullableString(),
  score: Type.Union([Type.Number(), Type.Null()]),
  episodes: NullableInteger(),
  genres: Type.Array(Type.String()),
  synopsis: NullableString(),
  poster: NullableString(),
  url: NullableString(),
  season: NullableString(),
  year: NullableInteger(),
});

export type Anime = Static<typeof AnimeSchema>;

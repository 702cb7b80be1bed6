import { Type } from 'typebox';

/** The languages every fun dataset exists in; the first is the default. */
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number];

export const LangParam = Type.Optional(
  Type.Enum([...LANGS], { description: 'Language of the answer: en (default) or de.' }),
);

export const langOf = (lang: Lang | undefined): Lang => lang ?? 'en';

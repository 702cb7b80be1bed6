import { Type } from 'typebox';
import { TEXT_MAX } from './limits.js';

/** Schemas several utility routes share. */
export const TAGS = ['utility'];
export const Text = (description: string) => Type.String({ maxLength: TEXT_MAX, description });
export const Mode = Type.Optional(
  Type.Enum(['encode', 'decode'], { default: 'encode', description: 'encode (default) or decode.' }),
);
export const ModeResult = Type.Object({ mode: Type.Enum(['encode', 'decode']), result: Type.String() });

import { Type } from 'typebox';

/** The RFC 9457 body every error response carries. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true },
);

const problemRef = Type.Ref('Problem');

/** `response` entries for the error statuses a route can answer with. */
export function problemResponses(...statuses: number[]) {
  const out: Record<number, typeof problemRef> = {};
  for (const status of statuses) out[status] = problemRef;
  return out;
}

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

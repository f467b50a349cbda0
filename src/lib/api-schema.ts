import { z } from '@/lib/zod';

/*
 * Building blocks for tolerant response schemas. The API document does not say which fields
 * are required or may be null (section 2.6), so: identifiers are required (a row without one
 * is unusable, and the error names it), every other field may be null or absent, numbers
 * sent as numeric strings are accepted, and unknown extra fields are kept, not rejected.
 */

/** An integer identifier, also accepted as a numeric string. */
export const apiId = z.union([
  z.int(),
  z.pipe(
    z.string().check(z.regex(/^\d+$/, 'expected an integer identifier')),
    z.transform((value: string) => Number(value)),
  ),
]);

/** Optional text: null or absent become null; a number is kept as its text. */
export const apiText = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((value: string | number | null | undefined) =>
    value === null || value === undefined ? null : String(value),
  ),
);

/** A list that may be null or absent, read as empty. */
export function apiList<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.nullish(z.array(item)),
    z.transform((value: z.output<T>[] | null | undefined): z.output<T>[] => value ?? []),
  );
}

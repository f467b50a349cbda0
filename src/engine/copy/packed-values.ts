/**
 * Objects packed as arrays of values for the device copy (registrations-codec.ts): the values of
 * a fixed list of keys by position, then what else the object had. Plain functions: usable in a
 * Web Worker.
 */

export type Json = unknown;
export type Packed = Json[];
export type Record_ = Record<string, unknown>;

/**
 * An object as [value of each fixed key…, extras, absent-mask], the last two left out when
 * empty. An absent fixed key is written null and flagged in the mask. With `extrasApart`, the
 * extras go there instead (null when none), and 0 holds their place before a mask.
 */
export function pack(
  object: Record_,
  keys: readonly string[],
  encodeValue?: (key: string, value: unknown) => Json,
  extrasApart?: (extras: Record_ | null) => void,
): Packed {
  const packed: Packed = [];
  let mask = 0;
  keys.forEach((key, i) => {
    const value = object[key];
    if (value === undefined) {
      mask |= 1 << i;
      packed.push(null);
    } else packed.push(encodeValue ? encodeValue(key, value) : value);
  });
  let extras: Record_ | null = null;
  for (const key of Object.keys(object)) {
    if (keys.includes(key) || object[key] === undefined) continue;
    (extras ??= {})[key] = object[key];
  }
  if (extrasApart) {
    extrasApart(extras);
    extras = null;
  }
  if (mask !== 0) packed.push(extras ?? 0, mask);
  else if (extras) packed.push(extras);
  return packed;
}

export function unpack(
  packed: Packed,
  keys: readonly string[],
  extraFields: ExtraFields,
  decodeValue?: (key: string, value: unknown) => unknown,
  extrasApart?: unknown,
): Record_ {
  const object: Record_ = {};
  const extras = extrasApart ?? packed[keys.length];
  const mask = typeof packed[keys.length + 1] === 'number' ? (packed[keys.length + 1] as number) : 0;
  keys.forEach((key, i) => {
    if (mask & (1 << i)) return;
    const value = packed[i];
    object[key] = decodeValue ? decodeValue(key, value) : value;
  });
  return withExtras(object, extras, extraFields);
}

/** `object` with the extra fields packed beside its values, when they are kept. */
export function withExtras<T extends object>(object: T, extras: unknown, extraFields: ExtraFields): T {
  if (extraFields === 'keep' && extras && typeof extras === 'object') Object.assign(object, extras);
  return object;
}

/** Whether a decoded row keeps the fields the API sent beyond the documented ones (the engine), or not (the page: pageRegistration). */
export type ExtraFields = 'keep' | 'drop';

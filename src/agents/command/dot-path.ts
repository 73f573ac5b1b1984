/** The value at a simple dot path (`"a.b.0.c"`) of parsed JSON, or undefined. */
export const valueAt = (root: unknown, path: string): unknown => {
  let value: unknown = root;
  for (const key of path.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (typeof value === 'object' && value !== null && Object.hasOwn(value, key)) value = Reflect.get(value, key);
    else return undefined;
  }
  return value;
};

/** A finite number at `path`, or 0 when the path is null, missing or not a number. */
export const numberAt = (root: unknown, path: string | null): number => {
  if (path === null) return 0;
  const value = valueAt(root, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

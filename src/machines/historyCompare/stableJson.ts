/** Pretty JSON with object keys sorted at every depth, so a diff shows changed values, not reordered keys. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) ?? '';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, v]) => [key, sortKeys(v)]));
  }
  return value;
}

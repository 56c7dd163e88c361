/** A dictionary value and the other ways of writing it. */
export interface EntityValue {
  value: string;
  aliases: string[];
}

/**
 * Parses an entity's `values` text: items separated by commas or new lines. An item written as
 * `value: alias | alias` (or `value = alias | alias`) also matches its aliases and reports `value`.
 */
export function parseEntityValues(values: string): EntityValue[] {
  const result: EntityValue[] = [];
  const seen = new Set<string>();
  for (const line of values.split(/\r?\n/)) {
    const aliasMatch = /^([^:=]+)[:=](.*)$/.exec(line);
    const items = aliasMatch ? [line] : line.split(',');
    for (const item of items) {
      const parsed = /^([^:=]+)[:=](.*)$/.exec(item);
      const value = (parsed ? parsed[1]! : item).trim();
      if (!value || seen.has(value)) continue;
      seen.add(value);
      const aliases = parsed
        ? parsed[2]!
            .split(/[|,]/)
            .map((a) => a.trim())
            .filter(Boolean)
        : [];
      result.push({ value, aliases });
    }
  }
  return result;
}

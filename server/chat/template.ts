/** `Hello {{name}}` with the conversation's variables; unknown names become empty, objects JSON. */
export function fillTemplate(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (_, path: string) => {
    let value: unknown = variables;
    for (const key of path.split('.')) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return '';
      value = (value as Record<string, unknown>)[key];
    }
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

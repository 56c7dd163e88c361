/** How an entry is named in lists and pickers: its title, else its link, else the start of its text. */
export function entryLabel(entry: { id: number; title: string; link: string; knowledge: string }): string {
  const text = entry.title.trim() || entry.link.trim() || entry.knowledge.trim().replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || `#${entry.id}`;
}

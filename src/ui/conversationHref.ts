/** /app/logs?conversation_id=…: the query lives beside project_id in the page's query string (hash routing). */
export function conversationHref(conversationId: string, projectId: number | null): string {
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  if (projectId !== null) params.set('project_id', String(projectId));
  params.set('conversation_id', conversationId);
  return `?${params.toString()}#/app/logs`;
}

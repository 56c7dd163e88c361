/** How an embedding page configures the widget: `<script src=".../chatbot/bundle.js" data-project-id data-token data-env>`. */
export interface WidgetConfig {
  /** Where bundle.js came from, ending in `/` (the frame and the style are beside it). */
  base: string;
  token: string;
  env: 'dev' | 'prod';
  projectId: number | null;
}

/** Query names the frame page is opened with. */
export const FRAME_QUERY = { token: 'chatbot_token', env: 'project_env', projectId: 'project_id' } as const;

export function configFromScript(script: HTMLScriptElement | null): WidgetConfig | null {
  if (!script?.src) return null;
  const token = script.dataset.token ?? '';
  if (!token) return null;
  const projectId = Number(script.dataset.projectId);
  return {
    base: new URL('.', script.src).href,
    token,
    env: script.dataset.env === 'dev' ? 'dev' : 'prod',
    projectId: Number.isInteger(projectId) && projectId > 0 ? projectId : null,
  };
}

export function frameUrl(config: WidgetConfig): string {
  const url = new URL('frame', config.base);
  url.searchParams.set(FRAME_QUERY.token, config.token);
  url.searchParams.set(FRAME_QUERY.env, config.env);
  if (config.projectId !== null) url.searchParams.set(FRAME_QUERY.projectId, String(config.projectId));
  return url.href;
}

export function configFromFrameLocation(location: Location): WidgetConfig {
  const query = new URLSearchParams(location.search);
  const projectId = Number(query.get(FRAME_QUERY.projectId));
  return {
    base: new URL('.', location.href).href,
    token: query.get(FRAME_QUERY.token) ?? '',
    env: query.get(FRAME_QUERY.env) === 'dev' ? 'dev' : 'prod',
    projectId: Number.isInteger(projectId) && projectId > 0 ? projectId : null,
  };
}

/** Messages between the frame and the embedding page. */
export const FRAME_MESSAGE = { close: 'chatbot-widget.close' } as const;

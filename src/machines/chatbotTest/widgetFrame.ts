import type { WidgetSetup } from './actors.ts';

/** Where the bundle is served under a chatbot base url (server/features/chat/widget-bundle-routes.ts). */
export const BUNDLE_PATH = '/v1/chatbot/bundle.js';

/** The settings' chatbot base url, or this console's own server when it is empty. */
export function bundleUrl(chatbotBaseUrl: string, consoleOrigin: string): string {
  const base = chatbotBaseUrl.trim() || consoleOrigin;
  return `${base.replace(/\/+$/, '')}${BUNDLE_PATH}`;
}

const escapeAttribute = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** Marks our script in the frame, so a load event of anything else (the initial blank page) is not taken for it. */
export const BUNDLE_SCRIPT_MARK = 'data-chatbot-test';

/**
 * The frame's document (srcdoc): the page's screenshot as background and the development bundle with the
 * project's chatbot token, as a page embedding the widget would have it. No inline script (the console's CSP).
 */
export function frameDocument(widget: WidgetSetup, background: string | null): string {
  const backdrop = background
    ? `background:#fff url(&quot;${escapeAttribute(background)}&quot;) no-repeat left top / 100% auto;`
    : 'background:#fff;';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chatbot test</title></head>
<body style="margin:0;min-height:100vh;${backdrop}">
<script ${BUNDLE_SCRIPT_MARK} src="${escapeAttribute(widget.bundleSrc)}" data-project-id="${widget.projectId}" data-token="${escapeAttribute(widget.token)}" data-env="dev"></script>
</body></html>`;
}

/**
 * After the frame's load event: did the bundle run (it defines `ChatbotWidget`)? null when the loaded document
 * is not ours yet. The frame is same-origin (srcdoc without sandbox), so its window can be read.
 */
export function bundleOutcome(frame: HTMLIFrameElement): 'loaded' | 'failed' | null {
  const document = frame.contentDocument;
  if (!document?.querySelector(`script[${BUNDLE_SCRIPT_MARK}]`)) return null;
  return (frame.contentWindow as { ChatbotWidget?: unknown } | null)?.ChatbotWidget ? 'loaded' : 'failed';
}

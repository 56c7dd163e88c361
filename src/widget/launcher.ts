import { FRAME_MESSAGE, type WidgetConfig, frameUrl } from './widgetConfig.ts';

/** Launcher look: inside a shadow root, so the page's CSS cannot reach it and ours cannot leak out. */
const LAUNCHER_CSS = `
  :host { all: initial; }
  button { position: fixed; right: 20px; bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0;
    background: var(--chatbot-primary, #1c7ed6); color: #fff; display: grid; place-items: center; cursor: pointer;
    box-shadow: 0 4px 14px rgba(0,0,0,.25); z-index: 2147483646; }
  iframe { position: fixed; right: 20px; bottom: 88px; width: 380px; height: 520px; max-width: calc(100vw - 40px);
    max-height: calc(100vh - 108px); border: 0; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.3);
    background: #fff; z-index: 2147483647; }
`;

/**
 * On the embedding page: a chat button; pressing it opens the chat in a frame served by the bot's own
 * server (same-origin calls there, token-authenticated), closing removes the frame and so the conversation.
 */
export function mountLauncher(config: WidgetConfig): void {
  const host = document.createElement('div');
  host.setAttribute('data-chatbot-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = LAUNCHER_CSS;
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', 'Open chat');
  // A chat bubble, drawn (pages may lack emoji fonts); built with DOM calls, no markup strings.
  const ns = 'http://www.w3.org/2000/svg';
  const icon = document.createElementNS(ns, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('width', '26');
  icon.setAttribute('height', '26');
  icon.setAttribute('aria-hidden', 'true');
  const bubble = document.createElementNS(ns, 'path');
  bubble.setAttribute('d', 'M4 5h16v11H9l-5 4V5z');
  bubble.setAttribute('fill', 'none');
  bubble.setAttribute('stroke', 'currentColor');
  bubble.setAttribute('stroke-width', '2');
  bubble.setAttribute('stroke-linejoin', 'round');
  icon.append(bubble);
  button.append(icon);
  root.append(style, button);
  let frame: HTMLIFrameElement | null = null;
  const close = () => {
    frame?.remove();
    frame = null;
    button.setAttribute('aria-label', 'Open chat');
  };
  button.addEventListener('click', () => {
    if (frame) return close();
    frame = document.createElement('iframe');
    frame.title = 'Chat';
    frame.src = frameUrl(config);
    frame.allow = 'autoplay';
    root.append(frame);
    button.setAttribute('aria-label', 'Close chat');
  });
  window.addEventListener('message', (event) => {
    if (frame && event.source === frame.contentWindow && event.data === FRAME_MESSAGE.close) close();
  });
  document.body.append(host);
}

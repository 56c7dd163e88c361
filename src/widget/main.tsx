import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { mountLauncher } from './launcher.ts';
import { providedWidgetChat } from './provide.ts';
import { WidgetChat } from './WidgetChat.tsx';
import './widget.css';
import { FRAME_MESSAGE, type WidgetConfig, configFromFrameLocation, configFromScript } from './widgetConfig.ts';

/**
 * The embeddable chat widget (`/chatbot/bundle.js`). On a page that embeds it, it adds a chat button
 * (`<script src=".../chatbot/bundle.js" data-project-id data-token data-env>` or `ChatbotWidget.init({...})`);
 * inside the frame it opens, it runs the chat machine with the chatbot token.
 */
function WidgetApp({ config }: { config: WidgetConfig }) {
  const machine = useMemo(() => providedWidgetChat(config), [config]);
  const actor = useActorRef(machine, { input: { getMeta: false } });
  const clientStyle = useSelector(actor, (s) => s.context.clientStyle);
  useEffect(() => {
    actor.send({ type: 'chat.open' });
  }, [actor]);
  const close = () => {
    actor.send({ type: 'chat.close' });
    window.parent.postMessage(FRAME_MESSAGE.close, '*');
  };
  return (
    <>
      {/* the project's style after ours; as text content it cannot become markup */}
      <style>{clientStyle}</style>
      <WidgetChat actor={actor} onClose={close} />
    </>
  );
}

const isFrame = document.documentElement.dataset.chatbotFrame === '1';
const script = document.currentScript as HTMLScriptElement | null;

if (isFrame) {
  const root = document.getElementById('chatbot-root');
  if (root) createRoot(root).render(<WidgetApp config={configFromFrameLocation(location)} />);
} else {
  const fromTag = configFromScript(script);
  const base = script?.src ? new URL('.', script.src).href : '';
  const api = {
    init: (options: { token: string; env?: 'dev' | 'prod'; projectId?: number; base?: string }) =>
      mountLauncher({
        base: options.base ?? base,
        token: options.token,
        env: options.env === 'dev' ? 'dev' : 'prod',
        projectId: options.projectId ?? null,
      }),
  };
  (window as { ChatbotWidget?: typeof api }).ChatbotWidget = api;
  if (fromTag) {
    if (document.body) mountLauncher(fromTag);
    else document.addEventListener('DOMContentLoaded', () => mountLauncher(fromTag));
  }
}

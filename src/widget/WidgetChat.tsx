import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { CHAT_TEXTS } from '../api/contract/chat.ts';
import type { chatMachine } from '../machines/chat/machine.ts';
import { messageLength } from '../machines/chat/messageLength.ts';
import { CHAT_NOTICES } from '../machines/chat/texts.ts';
import { chatItems } from '../machines/chat/transcript.ts';
import { PaperclipIcon, SpeakerIcon } from './icons.tsx';

const today = () => new Date().toISOString().slice(0, 10);

function WidgetImage({ url, alt }: { url: string | null; alt: string }) {
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (url === null || status === 'failed') return <p className="cw-note">{CHAT_TEXTS.noAttachment}</p>;
  return (
    <div className="cw-image">
      {status === 'loading' && <span className="cw-spinner" role="status" aria-label="Image loading" />}
      <img
        src={url}
        alt={alt || 'Image from the bot'}
        referrerPolicy="no-referrer"
        hidden={status === 'loading'}
        onLoad={() => setStatus('loaded')}
        onError={() => setStatus('failed')}
      />
    </div>
  );
}

/** The widget's chat view: plain React and CSS, every text rendered as text. */
export function WidgetChat({ actor, onClose }: { actor: ActorRefFrom<typeof chatMachine>; onClose: () => void }) {
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const idle = state.matches({ open: 'idle' });
  const ended = state.matches({ open: 'ended' });
  const items = chatItems(context.entries, null, context.lookups);
  const send = (text: string) => actor.send({ type: 'message.send', text });
  const length = messageLength(draft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the transcript grows
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [items.length, context.pendingText]);

  return (
    <section className="cw-window" aria-label="Chat">
      <header className="cw-header">
        <span>Chat</span>
        <button type="button" className="cw-icon" aria-label="Close chat" onClick={onClose}>
          ×
        </button>
      </header>
      <div
        className="cw-messages"
        ref={list}
        aria-live="polite"
        aria-busy={state.hasTag('busy') || state.hasTag('loading')}
      >
        {state.matches('failed') && (
          <div className="cw-note cw-error">
            {CHAT_TEXTS.initFailed}{' '}
            <button type="button" onClick={() => actor.send({ type: 'chat.reload' })}>
              Try again
            </button>
          </div>
        )}
        {items.map((item) => {
          switch (item.kind) {
            case 'user':
              return (
                <p key={item.key} className="cw-msg cw-user">
                  {item.text}
                </p>
              );
            case 'bot':
              return (
                <div key={item.key} className="cw-row">
                  <p className="cw-msg cw-bot">{item.text}</p>
                  {context.flags.readUtterances && item.text && (
                    <button
                      type="button"
                      className="cw-icon"
                      aria-label={`Read aloud: ${item.text}`}
                      disabled={!idle}
                      onClick={() => actor.send({ type: 'utter.read', text: item.text })}
                    >
                      <SpeakerIcon />
                    </button>
                  )}
                </div>
              );
            case 'attachment':
              return (
                <p key={item.key} className="cw-msg cw-user">
                  <PaperclipIcon /> {item.name}
                </p>
              );
            case 'buttons':
              return (
                <div key={item.key} className="cw-buttons">
                  {item.text && <p className="cw-note">{item.text}</p>}
                  {item.buttons.map((b) => (
                    <button
                      key={`${b.title}|${b.payload}`}
                      type="button"
                      disabled={!idle}
                      onClick={() => send(b.payload)}
                    >
                      {b.title}
                    </button>
                  ))}
                </div>
              );
            case 'links':
              return (
                <div key={item.key} className="cw-links">
                  {item.links.map((l) => (
                    <a key={l.url} href={l.url} target="_blank" rel="noopener noreferrer">
                      {l.title}
                    </a>
                  ))}
                </div>
              );
            case 'image':
              return <WidgetImage key={item.key} url={item.url} alt={item.alt} />;
            case 'select':
              return item.error ? (
                <p key={item.key} className="cw-note cw-error">
                  {item.error}
                </p>
              ) : (
                <select
                  key={item.key}
                  aria-label={`Choose ${item.entity}`}
                  disabled={!idle}
                  defaultValue=""
                  onChange={(e) => e.currentTarget.value && send(e.currentTarget.value)}
                >
                  <option value="" disabled>
                    Choose {item.entity}
                  </option>
                  {[...new Set(item.values)].map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              );
            case 'date':
              return (
                <input
                  key={item.key}
                  type="date"
                  aria-label={`Choose ${item.variable}`}
                  disabled={!idle}
                  min={item.min === 'today' ? today() : (item.min ?? undefined)}
                  max={item.max ?? undefined}
                  onChange={(e) => e.currentTarget.value && send(e.currentTarget.value)}
                />
              );
            default:
              return null;
          }
        })}
        {context.pendingText !== null && <p className="cw-msg cw-user cw-pending">{context.pendingText}</p>}
        {/* Issue 35: the server refused a call as busy; the chart tries again by itself after a backoff. */}
        {state.hasTag('reconnecting') ? (
          <p className="cw-note cw-reconnecting" aria-live="polite">
            {CHAT_NOTICES.reconnecting}
          </p>
        ) : (
          state.hasTag('busy') && <span className="cw-typing" role="status" aria-label="The bot is answering" />
        )}
      </div>
      {context.notice && (
        <div className={`cw-notice cw-${context.notice.tone}`} role="status">
          <span>{context.notice.text}</span>
          <button
            type="button"
            className="cw-icon"
            aria-label="Dismiss"
            onClick={() => actor.send({ type: 'notice.dismiss' })}
          >
            ×
          </button>
        </div>
      )}
      {ended ? (
        <footer className="cw-footer cw-ended">
          <span>{CHAT_TEXTS.ended}</span>
          <button type="button" onClick={() => actor.send({ type: 'chat.restart' })}>
            Restart
          </button>
        </footer>
      ) : (
        context.inputVisible && (
          <form
            className="cw-footer"
            onSubmit={(event) => {
              event.preventDefault();
              if (!draft.trim()) return;
              send(draft);
              // Cleared once the chart took it; a refused one (over the limit) stays to be shortened.
              if (actor.getSnapshot().context.pendingText !== null) setDraft('');
            }}
          >
            <label className="cw-icon cw-attach" aria-label="Attach files">
              <PaperclipIcon />
              <input
                type="file"
                multiple
                hidden
                disabled={!idle}
                onChange={(e) => {
                  actor.send({ type: 'attachment.upload', files: [...(e.currentTarget.files ?? [])] });
                  e.currentTarget.value = '';
                }}
              />
            </label>
            <input
              className="cw-input"
              aria-label="Message"
              aria-describedby={length.counter ? 'cw-message-length' : undefined}
              placeholder="Type a message"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
            {length.counter && (
              <span className={length.over ? 'cw-counter cw-over' : 'cw-counter'} id="cw-message-length">
                {length.counter}
              </span>
            )}
            <button type="submit" disabled={!idle || !draft.trim()}>
              Send
            </button>
          </form>
        )
      )}
    </section>
  );
}

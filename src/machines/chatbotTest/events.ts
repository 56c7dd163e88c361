export type ChatbotTestEvent =
  /** Typing in the Webpage URL input. */
  | { type: 'url.change'; url: string }
  /** The Show button, or Enter in the input. */
  | { type: 'page.show' }
  /** The frame finished loading and the bundle defined its launcher, or did not. */
  | { type: 'bundle.loaded' }
  | { type: 'bundle.failed' }
  /** Reload after the settings or the token could not be read. */
  | { type: 'widget.reload' };

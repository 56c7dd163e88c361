import http from 'node:http';
import type { FrameLocator, Page } from 'playwright-core';
import { freePort } from './server.ts';

export interface WidgetPage {
  /** The page of "another site": another port of localhost, so another origin than the server. */
  url: string;
  close(): Promise<void>;
}

export interface WidgetEmbedding {
  /** The project's chatbot token (settings `chatbot_token`, also answered by GET /v1/project/api-token). */
  token: string;
  /** `dev` talks to the latest testing deployment, `prod` to the latest production one. */
  env: 'dev' | 'prod';
  projectId: number;
}

/** Serves a plain HTML page whose only link to the bot is the widget's script tag, as a customer would embed it. */
export async function serveWidgetPage(serverUrl: string, embedding: WidgetEmbedding): Promise<WidgetPage> {
  const { token, env, projectId } = embedding;
  const html = `<!doctype html><html><head><title>Pizza shop</title></head><body style="font-family:sans-serif">
<h1>Demo pizzeria</h1><p>Our pizzas are the best in town.</p>
<script src="${serverUrl}/v1/chatbot/bundle.js" data-project-id="${projectId}" data-token="${token}" data-env="${env}"></script>
</body></html>`;
  const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  const port = await freePort();
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

/** Opens the widget from its launcher; the conversation lives in the frame it adds to the page. */
export async function openWidget(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: 'Open chat' }).click();
  return page.frameLocator('iframe[title="Chat"]');
}

/** Types a message in the widget and sends it. */
export async function sayToWidget(frame: FrameLocator, message: string): Promise<void> {
  await frame.getByRole('textbox', { name: 'Message' }).fill(message);
  await frame.getByRole('button', { name: 'Send' }).click();
}

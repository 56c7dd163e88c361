import { fromPromise } from 'xstate';

/** What the frame needs to load the development bundle (spec 2 §3: base url, chatbot token, project id). */
export interface WidgetSetup {
  bundleSrc: string;
  token: string;
  projectId: number;
}

export interface ScreenshotInput {
  url: string;
  width: number;
  height: number;
}

/** Placeholders; ./provided.ts gives the real calls, tests give fakes. */
export const chatbotTestActors = {
  loadWidget: fromPromise<WidgetSetup>(async () => {
    throw new Error('loadWidget not provided');
  }),
  /** Resolves to the picture as a data: URL. */
  takeScreenshot: fromPromise<string, ScreenshotInput>(async () => {
    throw new Error('takeScreenshot not provided');
  }),
};

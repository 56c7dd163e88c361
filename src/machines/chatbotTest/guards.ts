/** Show needs something typed in the Webpage URL input. */
export const hasUrl = (url: string): boolean => url.trim() !== '';

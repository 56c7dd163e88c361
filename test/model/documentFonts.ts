// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks; import this before rendering one.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

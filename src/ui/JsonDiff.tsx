import { useComputedColorScheme } from '@mantine/core';
import ReactDiffViewer from 'react-diff-viewer-continued';

/** The side-by-side JSON diff of the History screen and the deploy dialog. */
export function JsonDiff({
  before,
  after,
  leftTitle,
  rightTitle,
}: {
  before: string;
  after: string;
  leftTitle: string;
  rightTitle: string;
}) {
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <ReactDiffViewer
      oldValue={before}
      newValue={after}
      splitView
      hideSummary
      // Its worker starts from a blob: URL, which the console's CSP (script-src 'self') rightly refuses.
      disableWorker
      highlightLanguage="json"
      useDarkTheme={dark}
      // The titles' fixed height clips them under Mantine's line height.
      styles={{ titleBlock: { height: 'auto', fontSize: 'var(--mantine-font-size-sm)' } }}
      leftTitle={leftTitle}
      rightTitle={rightTitle}
    />
  );
}

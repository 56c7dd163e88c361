import { Loader, Tooltip, Transition } from '@mantine/core';

/** The small indicator shown after 150 ms of pending requests (spec 1 §9). */
export function ProgressIndicator({ visible }: { visible: boolean }) {
  return (
    <Transition mounted={visible} transition="fade" duration={150}>
      {(styles) => (
        <Tooltip label="Working…">
          <Loader size="xs" type="dots" style={styles} data-testid="progress-indicator" aria-label="Loading" />
        </Tooltip>
      )}
    </Transition>
  );
}

import { rem } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import classes from './ConsoleNotifications.module.css';
import { shellSizes } from './theme.ts';

/**
 * The console's toasts: top right, below the top bar (never over its buttons); dragging selects their text instead of
 * dismissing them. How long each stays is src/console/notices.ts's (closed by its own timer, even while hovered).
 */
export function ConsoleNotifications() {
  return (
    <Notifications
      position="top-right"
      zIndex={1000}
      allowDragDismiss={false}
      classNames={{ root: classes.root, notification: classes.notification }}
      style={{ '--console-header-height': rem(shellSizes.headerHeight) } as CSSProperties}
    />
  );
}

import { Box } from '@mantine/core';
import classes from './TopProgressBar.module.css';

/** A thin bar across the top of the window after 1000 ms of pending requests (spec 2 §9). */
export function TopProgressBar({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <Box className={classes.track} role="progressbar" aria-label="Loading" data-testid="top-progress-bar">
      <Box className={classes.bar} />
    </Box>
  );
}

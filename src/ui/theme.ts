import { createTheme } from '@mantine/core';

/** The console's Mantine theme. Breakpoints are the spec's 544, 768, 992 and 1200 px (spec 1 §9). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '34em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { centered: true, radius: 'md' } },
    Notification: { defaultProps: { radius: 'md' } },
  },
});

/** Widths of the AppShell sections, one place for the layout's numbers. */
export const shellSizes = { headerHeight: 56, navbarWidth: 264, footerHeight: 36 } as const;

import { Center, EmptyState, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { ScreenErrorBoundary } from '../error/ScreenErrorBoundary.tsx';
import type { RouteEntry } from '../routes.tsx';

/** One route's screen: permission check, lazy loading with a loader, and an error boundary. */
export function ScreenOutlet({ route, allowed }: { route: RouteEntry; allowed: boolean }) {
  if (!allowed) {
    return (
      <Center mih="60vh" data-testid="no-access">
        <EmptyState
          variant="light"
          color="yellow"
          icon={<IconLock size={30} stroke={1.5} />}
          title={`No access to ${route.label}`}
          description="Your role in this project does not include this screen. Choose another project or ask an administrator."
        />
      </Center>
    );
  }
  const Screen = route.screen;
  return (
    <ScreenErrorBoundary resetKey={route.path}>
      <Suspense
        fallback={
          <Center mih="50vh">
            <Loader />
          </Center>
        }
      >
        <Screen route={route} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

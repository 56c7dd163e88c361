import { Center, EmptyState, Loader } from '@mantine/core';
import { IconLock, IconMessage } from '@tabler/icons-react';
import { Suspense } from 'react';
import { ScreenErrorBoundary } from '../error/ScreenErrorBoundary.tsx';
import type { RouteEntry } from '../routes.tsx';

/** A voice-only screen opened by link in a chat-only project (spec 1 §2 hides it from the menu). */
export const VOICE_ONLY_SCREEN =
  'This project is chat only: it has no voice channel. Untick "Chat only" in Settings to use this screen.';

/** One route's screen: permission check, lazy loading with a loader, and an error boundary. */
export function ScreenOutlet({
  route,
  allowed,
  chatOnly = false,
}: {
  route: RouteEntry;
  allowed: boolean;
  /** The project is known to be chat only. */
  chatOnly?: boolean;
}) {
  if (allowed && chatOnly && route.voiceOnly) {
    return (
      <Center mih="60vh" data-testid="voice-only">
        <EmptyState
          variant="light"
          icon={<IconMessage size={30} stroke={1.5} />}
          title={`${route.label} is for voice projects`}
          description={VOICE_ONLY_SCREEN}
        />
      </Center>
    );
  }
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

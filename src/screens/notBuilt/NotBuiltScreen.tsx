import { Badge, Center, EmptyState, Paper } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { RouteEntry } from '../routes.tsx';

/** An honest placeholder for a route whose screen has not been written yet: no fake data. */
export default function NotBuiltScreen({ route }: { route: RouteEntry }) {
  return (
    <>
      <PageHeader icon={route.icon} title={route.label} description={route.purpose} />
      <Paper withBorder p="xl" data-testid="not-built">
        <Center mih={280}>
          <EmptyState
            variant="light"
            color="gray"
            icon={<IconHammer size={30} stroke={1.5} />}
            title="This screen is not built yet"
            description={`The ${route.label} screen is part of a later delivery. Nothing here is hidden from you: there is simply no screen yet.`}
          >
            {route.hotkey && (
              <Badge variant="light" color="gray" mt="xs">
                Shortcut: Ctrl+G then {route.hotkey}
              </Badge>
            )}
          </EmptyState>
        </Center>
      </Paper>
    </>
  );
}

import { Accordion, Badge, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { ActionCatalogue as Catalogue } from '../../api/contract/actions.ts';

/** What reactions can use besides webhooks: pseudo-intents, conditions and the built-in actions with their arguments. */
export function ActionCatalogue({ catalogue }: { catalogue: Catalogue }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="xs">
            Pseudo-intents
          </Title>
          <Stack gap={6}>
            {catalogue.pseudo_intents.map((p) => (
              <Group key={p.name} gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="filled" color="indigo" tt="none" miw={90} style={{ flexShrink: 0 }}>
                  {p.name}
                </Badge>
                <Text size="sm">{p.doc}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="xs">
            Conditions
          </Title>
          <Text size="sm">{catalogue.condition_doc}</Text>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Group gap="xs" mb="sm">
          <IconBolt size={20} />
          <Title order={4}>Built-in actions</Title>
          <Badge variant="light" color="gray">
            {catalogue.builtin.length}
          </Badge>
        </Group>
        <Accordion variant="separated" multiple data-testid="builtin-catalogue">
          {catalogue.builtin.map((b) => (
            <Accordion.Item key={b.name} value={b.name}>
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Code fw={700}>{b.name}</Code>
                  {b.ends_conversation && (
                    <Badge size="xs" color="orange" variant="light">
                      ends conversation
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed" truncate="end">
                    {b.doc}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" mb="xs">
                  {b.doc}
                </Text>
                {b.args.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No arguments.
                  </Text>
                ) : (
                  <Table withTableBorder verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Argument</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th>Required</Table.Th>
                        <Table.Th>Meaning</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {b.args.map((arg) => (
                        <Table.Tr key={arg.name}>
                          <Table.Td>
                            <Code>{arg.name}</Code>
                          </Table.Td>
                          <Table.Td>{arg.type}</Table.Td>
                          <Table.Td>{arg.required ? 'yes' : 'no'}</Table.Td>
                          <Table.Td>{arg.doc}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>
    </>
  );
}

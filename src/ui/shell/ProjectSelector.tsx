import { Group, Kbd, Select, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCopy, IconFolders, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';

const NEW_PROJECT_VALUE = '__new_project__';
const CLONE_PROJECT_VALUE = '__clone_project__';

/** The searchable project dropdown (spec 1 §2): sorted by name, Ctrl+/ focuses it, 'New Project' when allowed. */
export function ProjectSelector({
  projects,
  projectId,
  canCreate,
  loading,
  onSelect,
  onNew,
  onClone,
  status,
}: {
  /** Already sorted by name. */
  projects: { id: number; name: string }[];
  projectId: number | null;
  canCreate: boolean;
  loading: boolean;
  onSelect: (id: number) => void;
  onNew: () => void;
  /** 'Clone Project' (spec 1 §7), offered beside 'New Project' under the same permission. */
  onClone?: () => void;
  /** Shown right of the label: how the project's startup loads are doing. */
  status?: ReactNode;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useHotkeys([['mod+/', () => ref.current?.focus()]], []);
  const data = [
    ...projects.map((p) => ({ value: String(p.id), label: p.name })),
    ...(canCreate ? [{ value: NEW_PROJECT_VALUE, label: 'New Project' }] : []),
    ...(canCreate && onClone && projectId !== null ? [{ value: CLONE_PROJECT_VALUE, label: 'Clone Project' }] : []),
  ];
  return (
    <Select
      ref={ref}
      label={
        <Group gap={6} justify="space-between" w="100%">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            Project
          </Text>
          {status}
        </Group>
      }
      labelProps={{ w: '100%' }}
      aria-label="Project"
      data={data}
      value={projectId === null ? null : String(projectId)}
      searchable
      nothingFoundMessage="No project matches"
      placeholder={loading ? 'Loading projects…' : 'Choose a project'}
      leftSection={<IconFolders size={16} stroke={1.6} />}
      rightSection={<Kbd size="xs">Ctrl+/</Kbd>}
      rightSectionWidth={64}
      rightSectionPointerEvents="none"
      allowDeselect={false}
      disabled={loading && projects.length === 0}
      renderOption={({ option }) =>
        option.value === NEW_PROJECT_VALUE ? (
          <Group gap={6} c="indigo">
            <IconPlus size={14} />
            <Text size="sm" fw={500}>
              New Project
            </Text>
          </Group>
        ) : option.value === CLONE_PROJECT_VALUE ? (
          <Group gap={6} c="indigo">
            <IconCopy size={14} />
            <Text size="sm" fw={500}>
              Clone Project
            </Text>
          </Group>
        ) : (
          <Text size="sm">{option.label}</Text>
        )
      }
      onChange={(value) => {
        if (value === NEW_PROJECT_VALUE) onNew();
        else if (value === CLONE_PROJECT_VALUE) onClone?.();
        else if (value !== null) onSelect(Number(value));
      }}
      comboboxProps={{ shadow: 'md' }}
      data-testid="project-selector"
    />
  );
}

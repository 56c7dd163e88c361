import { z } from 'zod';
import { mtimeQuery } from './audit.ts';
import { defineCall, grant } from './call.ts';
import { idResponse, okResponse, scopeQuery } from './common.ts';
import { plainText } from './settings.ts';

export const DUPLICIT_LABEL = 'Duplicit label name';
export const LABEL_NOT_FOUND = 'Label not found.';

/** Mantine palette names, or a #rrggbb colour. */
export const LABEL_COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;

export const label = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Label = z.infer<typeof label>;

export const labelBody = z.object({
  name: plainText('Label name', 60, 1)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, 'Label name cannot be empty.'),
  color: z
    .string({ error: 'Colour must be text.' })
    .refine(
      (c) => (LABEL_COLORS as readonly string[]).includes(c) || /^#[0-9a-fA-F]{6}$/.test(c),
      `Colour must be #rrggbb or one of ${LABEL_COLORS.join(', ')}.`,
    ),
});

const labelId = z.object({
  id: z.coerce
    .number({ error: 'The label id must be a number.' })
    .int('The label id must be a whole number.')
    .min(-1, LABEL_NOT_FOUND)
    .max(2_147_483_647, LABEL_NOT_FOUND),
});

export const getLabels = defineCall({
  name: 'getLabels',
  method: 'GET',
  path: '/labels',
  resource: '/labels',
  access: grant('GET', '/labels'),
  query: mtimeQuery,
  response: z.array(label),
});

/** `PUT /labels/-1` creates; any other id updates. */
export const saveLabel = defineCall({
  name: 'saveLabel',
  method: 'PUT',
  path: '/labels/:id',
  resource: '/labels',
  access: grant('PUT', '/labels'),
  query: scopeQuery,
  params: labelId,
  body: labelBody,
  response: idResponse,
});

export const deleteLabel = defineCall({
  name: 'deleteLabel',
  method: 'DELETE',
  path: '/labels/:id',
  resource: '/labels',
  access: grant('PUT', '/labels'),
  query: scopeQuery,
  params: labelId,
  response: okResponse,
});

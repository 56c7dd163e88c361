import type { EntityDefinition } from '../../server/nlu/index.ts';

/** The system number entity as a project has it. */
export const numberEntity: EntityDefinition = {
  id: 9,
  name: 'number',
  type: 'number',
  match: 'exact',
  occurrence: 'multiple',
  case_insensitive: true,
  values: '',
  __is_system__: true,
};

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

/** A dictionary entity of cities, fuzzy-matched (finding it tokenises the sentence). */
export const cityEntity: EntityDefinition = {
  id: 1,
  name: 'city',
  type: 'dictionary',
  match: 'fuzzy',
  occurrence: 'single',
  case_insensitive: true,
  values: 'Prague, London, Paris',
  __is_system__: false,
};

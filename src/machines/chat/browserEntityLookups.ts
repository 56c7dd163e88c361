import { fromCallback } from 'xstate';
import {
  ENTITY_FORBIDDEN,
  type EntityLookup,
  type EntityLookupCommand,
  type EntityLookupEvent,
  lookupInEntities,
  lookupOfFailure,
} from './entityLookup.ts';

/** Another project's entities as its entities call answers them. */
export type ProjectEntitiesLoader = (projectId: number) => Promise<{ name: string; type: string; values: string }[]>;

/**
 * The real lookups of select boxes of another project: each `entities.lookup` loads that project's entities and
 * answers `entity.looked`; `entities.forget` drops answers still on their way (the conversation was closed or
 * reloaded). Without a loader (the widget: a chatbot token reads no other project) every box is
 * 'N/A Insufficient permisssions', and nothing is called.
 */
export const browserEntityLookups = (load?: ProjectEntitiesLoader) =>
  fromCallback<EntityLookupCommand, void, EntityLookupEvent>(({ sendBack, receive }) => {
    let generation = 0;
    let stopped = false;
    receive((command) => {
      if (command.type === 'entities.forget') {
        generation++;
        return;
      }
      const asked = generation;
      const answer: Promise<EntityLookup> = load
        ? load(command.projectId).then((entities) => lookupInEntities(entities, command.entity), lookupOfFailure)
        : Promise.resolve(ENTITY_FORBIDDEN);
      void answer.then((lookup) => {
        if (!stopped && asked === generation) sendBack({ type: 'entity.looked', key: command.key, lookup });
      });
    });
    return () => {
      stopped = true;
    };
  });

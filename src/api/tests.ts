import { callApi, SkippedCallError } from './client.ts';
import { getActionCatalogue, getActions } from './contract/actions.ts';
import { getReactions } from './contract/reactions.ts';
import { deleteTest, getTests, runTest, saveTest, type TestBody } from './contract/tests.ts';

import type { TestVocabulary } from './contract/tests.ts';

export type { TestVocabulary };

export const loadTests = () => callApi(getTests);

/** PUT /tests/-1 creates (answers the new id); PUT /tests/{id} updates. */
export const insertTest = (body: TestBody) => callApi(saveTest, { params: { id: -1 }, body });
export const updateTest = (id: number, body: TestBody) => callApi(saveTest, { params: { id }, body });
export const removeTest = (id: number) => callApi(deleteTest, { params: { id } });

/**
 * A run that could not run is the screen's to tell, once: the test's 'Test … failed' toast with the server's reason,
 * or the deploy modal's row (`deploymentId`: the run is on that deployment's frozen bot, not on the draft); the client's table adds no 'Error!' beside it (an expired session still logs out).
 */
export const executeTest = (id: number, deploymentId?: number | null) =>
  callApi(runTest, { params: { id }, query: { deploymentId: deploymentId ?? undefined }, ownsFailure: true });

/** What the test editor offers in its autocompletes: reaction ids and names, action names. */

/** Reactions and actions for the editor; a list the user may not read is simply empty. */
export async function getTestVocabulary(): Promise<TestVocabulary> {
  const orEmpty = <T>(promise: Promise<T[]>): Promise<T[]> =>
    promise.catch((error: unknown) => {
      if (error instanceof SkippedCallError) return [];
      throw error;
    });
  const [reactions, catalogue, projectActions] = await Promise.all([
    orEmpty(callApi(getReactions)),
    callApi(getActionCatalogue).then(
      (c) => c.builtin,
      (error: unknown) => (error instanceof SkippedCallError ? [] : Promise.reject(error)),
    ),
    orEmpty(callApi(getActions)),
  ]);
  return {
    reactions: reactions.map(({ id, name }) => ({ id, name })),
    actions: [...new Set([...catalogue.map((a) => a.name), ...projectActions.map((a) => a.name)])],
  };
}

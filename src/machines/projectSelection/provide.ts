import { navigate } from 'wouter/use-hash-location';
import { setApiScope } from '../../api/client.ts';
import { trainAndWait } from '../../api/training.ts';
import { cloneCurrentProject, loadProjects, createProject } from '../../api/projects.ts';
import { fromPromise } from 'xstate';
import { projectSelectionMachine } from './machine.ts';
import { startupMachine } from '../startup/machine.ts';
import { notifyFailure, showNotice } from '../../console/notices.ts';
import { loadStartup } from '../../console/startupLoads.ts';

/** Write project_id into the query; on a change of project drop conversation_id (spec 1 §2). */
export function writeProjectQuery(projectId: number | null, dropConversation: boolean): void {
  const params = new URLSearchParams(location.search);
  if (projectId === null) params.delete('project_id');
  else params.set('project_id', String(projectId));
  if (dropConversation) params.delete('conversation_id');
  const path = `/${location.hash.replace(/^#?\/?/, '').split('?')[0]}`;
  const search = params.toString();
  if (`?${search}` === location.search || (search === '' && location.search === '')) return;
  navigate(`${path}?${search}`, { replace: true });
}

export const providedProjectSelectionMachine = projectSelectionMachine.provide({
  actors: {
    loadProjects: fromPromise(() => loadProjects()),
    createProject: fromPromise(({ input }) =>
      input.cloneOf ? cloneCurrentProject(input.name) : createProject({ name: input.name }),
    ),
    trainFirstModel: fromPromise(({ input, signal }) => trainAndWait(input.projectId, signal)),
    startup: startupMachine.provide({ actors: { loadStartup: fromPromise(() => loadStartup()) } }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
    publishProject: (_, params) => {
      setApiScope({ projectId: params.projectId });
      writeProjectQuery(params.projectId, params.changed);
    },
  },
});

import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { providedStorageUploadMachine } from '../../machines/storageUpload/provide.ts';
import { StorageView } from './StorageView.tsx';

function StorageFiles({ canUpload, canDelete }: { canUpload: boolean; canDelete: boolean }) {
  const actor = useActorRef(providedStorageUploadMachine);
  return <StorageView actor={actor} canUpload={canUpload} canDelete={canDelete} />;
}

/** /app/storage: the project's files, fresh for each project. */
export default function StorageScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <StorageFiles
      key={projectId ?? 'none'}
      canUpload={can(user, 'POST', '/file', projectId)}
      canDelete={can(user, 'DELETE', '/file', projectId)}
    />
  );
}

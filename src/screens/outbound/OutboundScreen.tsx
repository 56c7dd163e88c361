import { useActorRef } from '@xstate/react';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { providedCallImportMachine } from '../../machines/callImport/provide.ts';
import { providedCampaignMachine } from '../../machines/campaign/provide.ts';
import { providedDoNotCallMachine } from '../../machines/doNotCall/provide.ts';
import { providedOutboundScreenMachine } from '../../machines/outboundScreen/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { OutboundView } from './OutboundView.tsx';

function Outbound(props: { canEdit: boolean; canDelete: boolean; canUpload: boolean; projectId: number | null }) {
  const modal = useActorRef(providedCampaignMachine);
  const importer = useActorRef(providedCallImportMachine);
  useUnsavedDraft(modal, 'campaign', { type: 'campaign.save' });
  const doNotCall = useActorRef(providedDoNotCallMachine);
  const actor = useActorRef(providedOutboundScreenMachine, { input: { modal, importer } });
  return <OutboundView actor={actor} modal={modal} importer={importer} doNotCall={doNotCall} {...props} />;
}

/** /app/outbound: the campaigns of the project, fresh for each project; controls as the user's grants allow. */
export default function OutboundScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <Outbound
      key={projectId ?? 'none'}
      projectId={projectId}
      canEdit={can(user, 'PUT', '/outbound/campaigns/{id}', projectId)}
      canDelete={can(user, 'DELETE', '/outbound/campaigns/{id}', projectId)}
      canUpload={can(user, 'POST', '/outbound/campaigns/{id}/upload', projectId)}
    />
  );
}

import { callApi } from './client.ts';
import {
  type CampaignBody,
  type CampaignState,
  campaignReportFileName,
  deleteOutboundCampaign,
  deleteOutboundCampaignCall,
  getOutboundCampaignCalls,
  getOutboundCampaignReport,
  getOutboundCampaigns,
  getOutboundDialler,
  putOutboundCampaign,
  putOutboundCampaignCall,
  setOutboundCampaignState,
  uploadOutboundCalls,
} from './contract/outbound.ts';
import { UPLOAD_FIELD } from './contract/storage.ts';
import { downloadCsv } from './csvDownload.ts';

/** Outbound campaigns (spec 2 §7: getOutboundCampaigns, insert/update/deleteOutboundCampaign, the call-list upload). */
export const loadOutboundCampaigns = () => callApi(getOutboundCampaigns);

/** Which dialler the server places calls with (`none`: started campaigns wait). */
export const loadOutboundDialler = () => callApi(getOutboundDialler);

/** insertOutboundCampaign (no id: PUT .../-1) or updateOutboundCampaign; 400 names the field, the modal shows it. */
export const saveOutboundCampaign = (id: number | null, body: CampaignBody) =>
  callApi(putOutboundCampaign, { params: { id }, body, expectedStatuses: [400] });

export const removeOutboundCampaign = (id: number) => callApi(deleteOutboundCampaign, { params: { id } });

/** Start / Pause: explicit, because dialling costs money. */
export const changeCampaignState = (id: number, state: CampaignState) =>
  callApi(setOutboundCampaignState, { params: { id }, body: { state } });

export const loadOutboundCampaignCalls = (id: number) => callApi(getOutboundCampaignCalls, { params: { id } });

/** One undialled call removed; 409 once it has been dialled (the screen says so). */
export const removeOutboundCampaignCall = (campaignId: number, callId: number) =>
  callApi(deleteOutboundCampaignCall, { params: { id: campaignId, callId }, ownsFailure: true });

/** One undialled call's destination and time replaced; 400 and 409 are shown in the form. */
export const replaceOutboundCampaignCall = (
  campaignId: number,
  callId: number,
  body: { destination: string; scheduled_time: string },
) => callApi(putOutboundCampaignCall, { params: { id: campaignId, callId }, body, ownsFailure: true });

/** The call list in the multipart field `file`; 400 lists the problems by line, 413/415 say what is wrong: all shown. */
export function uploadCampaignCalls(id: number, file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return callApi(uploadOutboundCalls, { params: { id }, body: form as never, ownsFailure: true });
}

/** exportOutboundCampaignReport: the CSV as `OutboundCampaignReport_{id}_{date}.csv` (spec 2 §7). */
export async function downloadOutboundCampaignReport(id: number, now = new Date()) {
  const fileName = campaignReportFileName(id, now);
  const { blob } = await downloadCsv(getOutboundCampaignReport.path.replace(':id', String(id)), {}, fileName);
  return { blob, fileName };
}

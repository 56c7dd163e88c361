import { callApi } from './client.ts';
import {
  type CampaignBody,
  type CampaignState,
  campaignReportFileName,
  deleteOutboundCampaign,
  getOutboundCampaignCalls,
  getOutboundCampaignReport,
  getOutboundCampaigns,
  getOutboundDialler,
  putOutboundCampaign,
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

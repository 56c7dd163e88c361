import { callApi } from './client.ts';
import { addDoNotCall, deleteDoNotCall, getDoNotCall, uploadDoNotCall } from './contract/do-not-call.ts';
import { UPLOAD_FIELD } from './contract/storage.ts';

/** The project's do-not-call list (issue 38). */
export const loadDoNotCall = () => callApi(getDoNotCall);

/** 400 (a bad number, already listed) is shown in the form. */
export const addToDoNotCall = (destination: string, note: string) =>
  callApi(addDoNotCall, { body: { destination, note }, ownsFailure: true });

export const removeFromDoNotCall = (id: number) => callApi(deleteDoNotCall, { params: { id } });

/** The CSV in the multipart field `file`; 400 lists the problems by line, shown in the modal. */
export function uploadDoNotCallList(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return callApi(uploadDoNotCall, { body: form as never, ownsFailure: true });
}

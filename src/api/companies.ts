import { deleteCompany, getCompanies, saveCompany } from './contract/companies.ts';
import { callApi } from './client.ts';

export const loadCompanies = () => callApi(getCompanies);
/** `id` null or undefined creates (-1). */
// The platform-settings screen shows a change's failure itself, once, with the server's reason (ownsFailure).
export const storeCompany = (id: number | null, name: string) =>
  callApi(saveCompany, { params: { id }, body: { name }, ownsFailure: true });
export const removeCompany = (id: number) => callApi(deleteCompany, { params: { id }, ownsFailure: true });

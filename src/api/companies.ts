import { deleteCompany, getCompanies, saveCompany } from './contract/companies.ts';
import { callApi } from './client.ts';

export const loadCompanies = () => callApi(getCompanies);
/** `id` null or undefined creates (-1). */
export const storeCompany = (id: number | null, name: string) =>
  callApi(saveCompany, { params: { id }, body: { name } });
export const removeCompany = (id: number) => callApi(deleteCompany, { params: { id } });

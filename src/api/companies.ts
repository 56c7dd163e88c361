import {
  deleteCompany as deleteCompanyCall,
  getCompanies as getCompaniesCall,
  saveCompany as saveCompanyCall,
} from './contract/companies.ts';
import { callApi } from './client.ts';

export const getCompanies = () => callApi(getCompaniesCall);
/** `id` null or undefined creates (-1). */
export const saveCompany = (id: number | null, name: string) =>
  callApi(saveCompanyCall, { params: { id }, body: { name } });
export const deleteCompany = (id: number) => callApi(deleteCompanyCall, { params: { id } });

import { prepareTemplate } from './test-database.ts';

export default async function setup(): Promise<void> {
  await prepareTemplate();
}

import type { TestProject } from 'vitest/node';
import { dropTemplate, newTemplateInfo, prepareTemplate } from './test-database.ts';

/** Migrates and seeds one template database for the run; every test copies it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const info = newTemplateInfo();
  await prepareTemplate(info);
  project.provide('dbTemplate', info);
  return () => dropTemplate(info);
}

import type { TestProject } from 'vitest/node';
import { startDrip } from './drip-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startDrip('main');
  project.provide('baseUrl', server.url);
  return () => server.stop();
}

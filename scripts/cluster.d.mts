// Types of cluster.mjs, for the server tests that start a cluster behind HAProxy.
import type { ChildProcess } from 'node:child_process';

export interface ClusterInstance {
  name: string;
  url: string;
  port: number;
  logPath: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  dir: string;
  proxyUrl: string;
  statsUrl: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  restartInstance(i: number): Promise<ClusterInstance>;
  stop(): Promise<void>;
}

export function postgresBin(): string | null;
export function haproxyBin(): string | null;
export function upInstances(cluster: Cluster): Promise<number>;
export function haproxyConfig(options: {
  proxyPort: number;
  statsPort: number;
  instancePorts: number[];
  checkIntervalMs?: number;
}): string;
export function startCluster(options?: {
  instances?: number;
  port?: number;
  pgPort?: number;
  databaseUrl?: string;
  entry?: 'dist' | 'source';
  env?: Record<string, string>;
  graceSeconds?: number;
  checkIntervalMs?: number;
  quiet?: boolean;
}): Promise<Cluster>;

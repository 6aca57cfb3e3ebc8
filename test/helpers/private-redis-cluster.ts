import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { forgetServer, recordServer, stopLeftovers } from './leftovers.js';
import { waitFor } from './stack.js';

const run = promisify(execFile);

export interface ClusterNode {
  port: number;
  process: ChildProcess;
}

export interface PrivateRedisCluster {
  /** `127.0.0.1:port,...`: every node, as REDIS_CLUSTER_NODES takes them. */
  nodes: string;
  /** The ports of the nodes that are masters now. */
  masters(): Promise<number[]>;
  /** A plain connection to one node (close it after). */
  node(port: number): Redis;
  /** The port of the master that serves `key`'s hash slot now. */
  masterOf(key: string): Promise<number>;
  /** The port of a replica of the master on `port`, once it is online. */
  replicaOf(port: number): Promise<number>;
  /** SIGKILL to one node, as a crash. */
  kill(port: number): Promise<void>;
  /** SIGSTOP to one node: it reads and answers nothing (its replication link included) until resume(). */
  pause(port: number): void;
  resume(port: number): void;
  destroy(): Promise<void>;
}

/** A port free on loopback whose cluster bus port (+10,000) is free too. */
async function clusterPort(taken: Set<number>): Promise<number> {
  const listen = async (port: number) => {
    const server = createServer().listen(port, '127.0.0.1');
    try {
      await once(server, 'listening');
      return (server.address() as { port: number }).port;
    } catch {
      return undefined;
    } finally {
      server.close();
    }
  };
  for (;;) {
    const port = await listen(20_000 + Math.floor(Math.random() * 30_000));
    if (port && !taken.has(port) && (await listen(port + 10_000))) return port;
  }
}

/**
 * A Redis Cluster of a test's own on spare loopback ports: `masters` masters with `replicas` replicas
 * each, made with `redis-cli --cluster create`, ready once every node says cluster_state:ok. No
 * persistence; the servers are killed by pid and their directory removed by destroy().
 */
export async function privateRedisCluster(masters = 3, replicas = 0): Promise<PrivateRedisCluster> {
  // A killed run's nodes, if any, are stopped before new ones start.
  stopLeftovers();
  const dir = mkdtempSync(join(tmpdir(), 'private-redis-cluster-'));
  const taken = new Set<number>();
  const nodes: ClusterNode[] = [];
  const destroy = async () => {
    await Promise.all(
      nodes.map(async (n) => {
        if (n.process.exitCode !== null || n.process.signalCode !== null) return;
        const exited = once(n.process, 'exit');
        n.process.kill('SIGKILL');
        await exited;
        if (n.process.pid) forgetServer(n.process.pid);
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters * (1 + replicas); i++) {
      const port = await clusterPort(taken);
      taken.add(port);
      // biome-ignore format: one option and its value a line
      const child = spawn('redis-server', [
        '--port', String(port), '--bind', '127.0.0.1', '--dir', dir,
        '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '2000',
        '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', '--repl-diskless-sync-delay', '0',
      ], { stdio: 'ignore' });
      if (child.pid) recordServer(child.pid, `127.0.0.1:${port}`, { dir });
      nodes.push({ port, process: child });
    }
    const node = (port: number) => {
      const redis = new Redis(port, '127.0.0.1', {
        maxRetriesPerRequest: 1,
        lazyConnect: true,
        retryStrategy: () => null,
      });
      redis.on('error', () => {});
      return redis;
    };
    const alive = (n: ClusterNode) => n.process.exitCode === null && n.process.signalCode === null;
    /** A connection to a node still running, to ask about the cluster. */
    const anyNode = async () => {
      const probe = node(nodes.find(alive)!.port);
      await probe.connect();
      return probe;
    };
    for (const n of nodes)
      await waitFor(async () => {
        const probe = node(n.port);
        probe.on('error', () => {});
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      }, `cluster node ${n.port} to start`);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((n) => `127.0.0.1:${n.port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    const clusterOk = async (port: number) => {
      const probe = node(port);
      probe.on('error', () => {});
      try {
        await probe.connect();
        return /cluster_state:ok/.test(await probe.cluster('INFO'));
      } finally {
        probe.disconnect();
      }
    };
    await waitFor(
      async () => (await Promise.all(nodes.map((n) => clusterOk(n.port)))).every(Boolean),
      'cluster_state:ok',
      30_000,
    );
    return {
      nodes: nodes.map((n) => `127.0.0.1:${n.port}`).join(','),
      async masters() {
        const probe = await anyNode();
        try {
          const lines = String(await probe.cluster('NODES'))
            .trim()
            .split('\n');
          return lines
            .filter((l) => / master /.test(` ${l.split(' ')[2].replace(/,/g, ' ')} `) && !l.includes('fail'))
            .map((l) => Number(l.split(' ')[1].split('@')[0].split(':').at(-1)));
        } finally {
          probe.disconnect();
        }
      },
      node,
      async masterOf(key: string) {
        const probe = await anyNode();
        try {
          const slot = Number(await probe.cluster('KEYSLOT', key));
          const shard = (await probe.cluster('SLOTS')).find(([from, to]) => slot >= from && slot <= to);
          const master = shard?.[2];
          if (!master) throw new Error(`no master serves slot ${slot}`);
          return Number(master[1]);
        } finally {
          probe.disconnect();
        }
      },
      async replicaOf(port: number) {
        // Right after `--cluster create` a replica may still be syncing: wait until its master says online.
        const master = node(port);
        await master.connect();
        try {
          return await waitFor(async () => {
            const online = /^slave\d+:ip=[^,]+,port=(\d+),state=online/m.exec(await master.info('replication'));
            return online ? Number(online[1]) : undefined;
          }, `a replica of ${port} online`);
        } finally {
          master.disconnect();
        }
      },
      pause(port: number) {
        nodes.find((x) => x.port === port)?.process.kill('SIGSTOP');
      },
      resume(port: number) {
        nodes.find((x) => x.port === port)?.process.kill('SIGCONT');
      },
      async kill(port: number) {
        const n = nodes.find((x) => x.port === port);
        if (!n || n.process.exitCode !== null || n.process.signalCode !== null) return;
        const exited = once(n.process, 'exit');
        n.process.kill('SIGKILL');
        await exited;
        if (n.process.pid) forgetServer(n.process.pid);
      },
      destroy,
    };
  } catch (err) {
    await destroy();
    throw err;
  }
}

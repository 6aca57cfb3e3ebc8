import { Cluster, type Redis } from 'ioredis';
import { withTimeout } from '../redis.js';
import type { QueueSet } from './queue-set.js';

/** Rows whose job a replica has not confirmed yet: they stay in the outbox for the next pass. */
export interface Unreplicated {
  rows: string[];
  message: string;
}

/** The adds of one relay pass: `adding` before each add, `added` once Redis took it, `unreplicated` after the last. */
export interface AddBatch {
  adding(queue: string): Promise<void>;
  added(queue: string, rows: readonly string[]): void;
  unreplicated(): Promise<Unreplicated | undefined>;
}

export interface ReplicatedAddsOptions {
  /** How long WAIT waits for a replica's acknowledgement (ms). */
  waitMs?: number;
  /** How long a master's count of online replicas is trusted (ms). */
  replicasCacheMs?: number;
}

const noBatch: AddBatch = {
  adding: async () => {},
  added: () => {},
  unreplicated: async () => undefined,
};

const nodeKey = (node: Redis) => `${node.options.host}:${node.options.port}`;

/**
 * On a Redis Cluster, an add counts only once a replica of the master that took it has it.
 * Replication is asynchronous: a master acknowledges a job, dies before its replica received it, and
 * the promoted replica never had the job. So after a pass's adds, the relay sends `WAIT 1 <waitMs>` to
 * each master it added to, on the very connection that carried the adds: WAIT covers that
 * connection's writes, and ioredis Cluster keeps one connection per node that it never reconnects (a
 * lost one is replaced by a new object). Re-adding an existing job writes a `duplicated` event, so a
 * re-add covers the first add too. Rows whose WAIT is not confirmed, or whose queue changed master
 * around an add, are not marked relayed; the next pass adds them again, a no-op for a job that
 * survived (the same rows make the same job id).
 * A master with no online replica is not asked to WAIT: there is no copy to wait for.
 * On one Redis server nothing is waited for, as before.
 */
export class ReplicatedAdds {
  private readonly slots = new Map<string, number>();
  private readonly replicas = new Map<string, { count: number; at: number }>();
  private readonly waitMs: number;
  private readonly cacheMs: number;

  constructor(
    private readonly queues: QueueSet,
    opts: ReplicatedAddsOptions = {},
  ) {
    this.waitMs = opts.waitMs ?? 1000;
    this.cacheMs = opts.replicasCacheMs ?? 5000;
  }

  batch(): AddBatch {
    const cluster = this.queues.connection;
    if (!(cluster instanceof Cluster)) return noBatch;
    /** Per queue: its slot, the master connection its adds went to (null: not known for all), its rows. */
    const took = new Map<string, { slot: number; node: Redis | null; rows: string[] }>();
    /** Where ioredis routed the slot of the add under way just before it was sent. */
    let before: Redis | undefined;
    return {
      adding: async (queue) => {
        before = masterOf(cluster, await this.slotOf(cluster, queue));
      },
      added: (queue, rows) => {
        const slot = this.slots.get(queue) as number;
        const now = masterOf(cluster, slot);
        // The add went to `now` if the slot was routed there before and after it, or if ioredis had no
        // connection for the slot before (it then followed MOVED to the master it routes to since).
        // Routed elsewhere before: a failover during the add, which may have gone to the old master.
        const node = now && (before === now || before === undefined) ? now : null;
        const queued = took.get(queue);
        if (!queued) took.set(queue, { slot, node, rows: [...rows] });
        else {
          if (queued.node !== node) queued.node = null;
          queued.rows.push(...rows);
        }
      },
      unreplicated: async () => {
        const nodes = [...new Set([...took.values()].map((q) => q.node))];
        const verdicts = new Map(
          await Promise.all(
            nodes.map(
              async (node) => [node, node ? await this.confirm(node) : 'the master that took them is unknown'] as const,
            ),
          ),
        );
        const rows: string[] = [];
        const why = new Set<string>();
        for (const [queue, { slot, node, rows: of }] of took) {
          // A failover after the adds, before WAIT answered: WAIT spoke for the old master only.
          const verdict = verdicts.get(node) ?? (masterOf(cluster, slot) === node ? undefined : `${queue} moved`);
          if (!verdict) continue;
          rows.push(...of);
          why.add(verdict);
        }
        return rows.length ? { rows, message: `not on a replica yet: ${[...why].join('; ')}` } : undefined;
      },
    };
  }

  /** Undefined when a replica has the connection's writes (or there is none to have them), else why not. */
  private async confirm(node: Redis): Promise<string | undefined> {
    const key = nodeKey(node);
    try {
      if ((await this.onlineReplicas(node, key)) === 0) return undefined;
      const acked = await withTimeout(node.wait(1, this.waitMs), this.waitMs + 2000, `WAIT on ${key}`);
      if (acked >= 1) return undefined;
      this.replicas.delete(key); // the replica may be gone: count again next time
      return `no replica of ${key} acknowledged within ${this.waitMs} ms`;
    } catch (err) {
      this.replicas.delete(key);
      return `${key}: ${(err as Error).message}`;
    }
  }

  /** The replicas of a master that are online (INFO replication), cached for `replicasCacheMs`. */
  private async onlineReplicas(node: Redis, key: string): Promise<number> {
    const cached = this.replicas.get(key);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.count;
    const info = await withTimeout(node.info('replication'), 2000, `INFO on ${key}`);
    const count = info.split('\n').filter((line) => /^slave\d+:.*state=online/.test(line)).length;
    this.replicas.set(key, { count, at: Date.now() });
    return count;
  }

  /** The hash slot of a queue's keys (they share its hash tag), asked once. */
  private async slotOf(cluster: Cluster, queue: string): Promise<number> {
    let slot = this.slots.get(queue);
    if (slot === undefined) {
      slot = Number(await cluster.cluster('KEYSLOT', this.queues.get(queue).toKey('id')));
      this.slots.set(queue, slot);
    }
    return slot;
  }
}

/** The connection ioredis routes a slot's commands to now (the first node of the slot is its master). */
function masterOf(cluster: Cluster, slot: number): Redis | undefined {
  const key = cluster.slots[slot]?.[0];
  return key ? cluster.nodes('all').find((node) => nodeKey(node) === key) : undefined;
}

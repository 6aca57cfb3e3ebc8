import fp from 'fastify-plugin';
import type { Config } from '../../shared/config/index.js';
import type { Orm } from '../../shared/db/orm.js';
import { createOrm } from '../../shared/domains.js';
import { QUEUE_NAMES } from '../../shared/jobs/catalogue.js';
import type { Clock } from '../../shared/kernel/clock.js';
import type { ServiceDeps } from '../../shared/kernel/deps.js';
import { QueueSet } from '../../shared/kernel/queue-set.js';
import type { Logger } from '../../shared/logger.js';
import type { RedisClient as Redis } from '../../shared/redis.js';
import { createRedis, reportOutages, settled, withTimeout } from '../../shared/redis.js';
import { createServiceDeps } from '../../shared/services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    orm: Orm;
    redis: Redis;
    /** Auto-pipelined: what every request asks Redis (rate limit, caller stamps) shares one round trip. */
    requestRedis: Redis;
    queues: QueueSet;
    /** What route handlers pass to domain services. */
    deps: ServiceDeps;
  }
}

export interface InfrastructureOptions {
  config: Config;
  orm?: Orm;
  clock?: Clock;
}

/** The process's connections: one ORM (forked per unit of work), one Redis command connection, the queue producers. */
export default fp<InfrastructureOptions>(async (app, opts) => {
  const { config } = opts;
  const orm = opts.orm ?? (await createOrm(config, 'insurance-api'));
  const redis = createRedis(config, 'command', 'api');
  // The request path's own connection: the rate limit's count and the caller's stamps go out together.
  const requestRedis = createRedis(config, 'command', 'api-requests', true);
  await Promise.all([settled(redis), settled(requestRedis)]);
  // One line when Redis goes away and one when it is back, for the whole process.
  reportOutages(redis, app.log, 'api');
  const queues = new QueueSet(redis, config.REDIS_PREFIX, QUEUE_NAMES, Boolean(config.REDIS_CLUSTER_NODES));
  app.decorate('config', config);
  app.decorate('orm', orm);
  app.decorate<Redis, 'redis'>('redis', redis);
  app.decorate<Redis, 'requestRedis'>('requestRedis', requestRedis);
  app.decorate('queues', queues);
  app.decorate('deps', createServiceDeps(config, orm, app.log as unknown as Logger, requestRedis, opts.clock));
  app.addHook('onClose', async () => {
    // A BullMQ Queue waits for its connection before closing; with Redis unreachable that wait never
    // ends, so the connection goes first (its 'end' releases the wait) and the close is bounded.
    if (redis.status !== 'ready') redis.disconnect();
    await withTimeout(queues.close(), 5000, 'closing the queues').catch((err) => app.log.warn({ err }, 'queues'));
    redis.disconnect();
    requestRedis.disconnect();
    if (!opts.orm) await orm.close();
  });
});

import type { MikroORM, PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Config } from '../config/index.js';
import type { Logger } from '../logger.js';
import { ReadReplicas } from './replicas.js';

/** The replicas of DATABASE_READ_URL, named `replica-1`, `replica-2`... in their order. */
export const replicaUrls = (config: Partial<Pick<Config, 'DATABASE_READ_URL'>>): { name: string; url: string }[] =>
  (config.DATABASE_READ_URL ?? '')
    .split(',')
    .filter(Boolean)
    .map((url, i) => ({ name: `replica-${i + 1}`, url }));

/** The replicas of the ORM (its `replicas`, from DATABASE_READ_URL), or undefined when there are none. */
export async function openReadReplicas(
  orm: MikroORM,
  config: Pick<Config, 'DATABASE_READ_URL' | 'REPLICA_MAX_LAG_MS' | 'REPLICA_RETRY_MS'>,
  log: Logger,
): Promise<ReadReplicas | undefined> {
  const urls = replicaUrls(config);
  if (!urls.length) return undefined;
  // MikroORM keeps its replica connections in the driver (in DATABASE_READ_URL's order) without a public list.
  const connections = (orm.driver as unknown as { replicas: PostgreSqlConnection[] }).replicas;
  const primary = await (orm.em.getConnection('write') as PostgreSqlConnection).getNativeClient();
  const replicas = await Promise.all(
    urls.map(async ({ name, url }, i) => {
      const { host, pathname } = new URL(url);
      return { name, address: `${host}${pathname}`, pool: await connections[i].getNativeClient() };
    }),
  );
  return new ReadReplicas(primary, replicas, config, log);
}

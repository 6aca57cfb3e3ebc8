import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import test from 'ava';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../../shared/config/index.js';
import { procfile } from '../helpers/compiled-tree.js';

/**
 * docker-compose.yml's `scale` profile (docs/scaling.md, "Trying it with Docker Compose"), read as Docker
 * reads it, since no Docker engine runs here: a Redis Cluster of three masters with a replica each, a
 * PostgreSQL primary with a streaming replica, PgBouncer in transaction mode, two web and two worker
 * processes set to use them all; and a plain `docker compose up` that knows nothing of it.
 */

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  profiles?: string[];
  user?: string;
  entrypoint?: string[];
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  configs?: { source: string; target: string }[];
  ports?: string[];
  restart?: string;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  configs: Record<string, { content?: string }>;
};
const { services } = compose;
const names = Object.keys(services);
const scale = names.filter((name) => services[name]!.profiles?.includes('scale'));
const plain = names.filter((name) => !services[name]!.profiles);

/** A value as compose interpolates it with no variable set: `${NAME:-default}` is its default, `$$` a `$`. */
const resolved = (value: unknown) =>
  String(value)
    .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\$/g, '$');
/** A service's command as one line of text (a shell script stays as it is written). */
const commandOf = (service: Service) => [...(service.entrypoint ?? []), ...(service.command ?? [])].join(' ');
/** The file a service mounts at `target` from the top-level configs, interpolated. */
const mounted = (service: Service, target: string) => {
  const config = service.configs?.find((c) => c.target === target);
  return config ? resolved(compose.configs[config.source]?.content) : undefined;
};

const redisNodes = scale.filter((name) => /redis-server/.test(commandOf(services[name]!)));
const webs = scale.filter((name) => services[name]!.command?.join(' ') === procfile().web);
const workers = scale.filter((name) => services[name]!.command?.join(' ') === procfile().worker);
const [primary] = scale.filter((name) => /wal_level=replica/.test(commandOf(services[name]!)));
const [replica] = scale.filter((name) => /pg_basebackup/.test(commandOf(services[name]!)));
const [pgbouncer] = scale.filter((name) => /pgbouncer/.test(services[name]!.image ?? ''));
const inits = scale.filter((name) => /redis-cli --cluster create/.test(commandOf(services[name]!)));

test('the scale profile is a profile of its own; a plain `docker compose up` starts what it did before', (t) => {
  t.true(scale.length > 0);
  for (const name of names) {
    const { profiles } = services[name]!;
    t.true(profiles === undefined || (profiles.length === 1 && profiles[0] === 'scale'), name);
  }
  t.deepEqual(plain, ['postgres', 'redis', 'migrate', 'web', 'worker', 'prometheus']);
  // None of the default services waits for, names or shares anything with a service of the profile.
  for (const name of plain) {
    const text = JSON.stringify(services[name]);
    for (const other of scale) t.false(new RegExp(`\\b${other}\\b`).test(text), `${name} names ${other}`);
    for (const setting of ['REDIS_CLUSTER_NODES', 'DATABASE_READ_URL', 'DATABASE_LISTEN_URL', 'DATABASE_POOLER'])
      t.false(text.includes(setting), `${name} sets ${setting}`);
  }
  t.deepEqual(services.redis!.command, ['redis-server', '--maxmemory-policy', 'noeviction', '--appendonly', 'yes']);
  t.is(services.web!.environment!.DATABASE_URL, services.migrate!.environment!.DATABASE_URL);
  // The profile's services wait only for services of the profile, so naming them starts nothing else.
  for (const name of scale)
    for (const dependency of Object.keys(services[name]!.depends_on ?? {}))
      t.true(scale.includes(dependency), `${name} waits for ${dependency}`);
});

test('six Redis nodes with cluster mode on, each announcing its service name, made a cluster once they answer', (t) => {
  t.is(redisNodes.length, 6);
  for (const name of redisNodes) {
    const node = services[name]!;
    t.regex(node.image!, /^redis:7/);
    const [, file] = node.command!;
    const conf = mounted(node, file!) ?? '';
    for (const line of [
      'cluster-enabled yes',
      'cluster-preferred-endpoint-type hostname',
      'maxmemory-policy noeviction',
      'appendonly yes',
    ])
      t.true(conf.split('\n').includes(line), `${name}: ${line}`);
    t.regex(node.command!.join(' '), new RegExp(`--cluster-announce-hostname ${name}$`));
  }
  t.is(inits.length, 1);
  const [init] = inits;
  const script = commandOf(services[init!]!);
  const create = /redis-cli --cluster create ([^\n]*)/.exec(script)![1]!;
  t.deepEqual(
    create.split(' ').filter((a) => /:\d+$/.test(a)),
    redisNodes.map((name) => `${name}:6379`),
  );
  t.regex(create, /--cluster-replicas 1\b/);
  t.regex(create, /--cluster-yes\b/);
  t.is(services[init!]!.restart, 'no');
  for (const name of redisNodes) t.deepEqual(services[init!]!.depends_on?.[name], { condition: 'service_healthy' });
});

test('a PostgreSQL primary that takes replication connections, and a replica copied from it by pg_basebackup -R', (t) => {
  t.truthy(primary);
  t.truthy(replica);
  const main = services[primary!]!;
  const copy = services[replica!]!;
  t.is(copy.image, main.image, 'a streaming replica runs the major version of its primary');
  t.regex(main.command!.join(' '), /max_wal_senders=\d+/);
  // The primary's init files: the app role, and a replication role allowed in from other containers.
  t.true(main.volumes!.some((v) => v.includes('init-app-role.sh:/docker-entrypoint-initdb.d/')));
  const init = main.configs!.filter((c) => c.target.startsWith('/docker-entrypoint-initdb.d/'));
  const script = init.map((c) => mounted(main, c.target)).join('\n');
  const role = /create role (\w+) replication login/.exec(script)?.[1];
  t.truthy(role);
  t.regex(script, new RegExp(`host replication ${role} all scram-sha-256' >> "\\$PGDATA/pg_hba.conf"`));
  // The replica: a copy on its first start only, then the image's own start as a hot standby.
  const start = resolved(copy.command!.join(' '));
  const backup = /pg_basebackup ([^\n]*)/.exec(start)![1]!;
  t.regex(backup, /(^| )-R( |$)/);
  t.regex(backup, new RegExp(`-h ${primary} `));
  t.regex(backup, new RegExp(`-U ${role} `));
  t.regex(start, /if \[ ! -s "\$PGDATA\/PG_VERSION" \]/);
  t.regex(start, /exec docker-entrypoint\.sh postgres -c hot_standby=on/);
  t.is(copy.user, 'postgres');
  t.is(resolved(copy.environment!.PGPASSWORD), resolved(main.environment!.REPLICATION_PASSWORD));
  t.deepEqual(copy.depends_on?.[primary!], { condition: 'service_healthy' });
});

test('PgBouncer before the primary, in transaction mode', (t) => {
  const bouncer = services[pgbouncer!]!;
  t.regex(bouncer.image!, /^edoburu\/pgbouncer:v\d+\.\d+\.\d+-p\d+$/);
  t.is(bouncer.environment!.POOL_MODE, 'transaction');
  t.is(bouncer.environment!.DB_HOST, primary);
  t.is(bouncer.environment!.DB_NAME, 'insurance');
  t.is(bouncer.environment!.DB_USER, 'backoffice');
  t.deepEqual(bouncer.depends_on?.[primary!], { condition: 'service_healthy' });
});

/** The host of each URL of a comma-separated list, and the port (host:port). */
const hosts = (urls: string) => urls.split(',').map((url) => new URL(resolved(url)).host);

test('two web and two worker processes on the cluster, the pooler and the replica, of services in the file', (t) => {
  t.is(webs.length, 2);
  t.is(workers.length, 2);
  const ports = webs.map((name) => services[name]!.ports![0]!.split(':')[0]);
  t.is(new Set([...ports, ...services.web!.ports!.map((p) => p.split(':')[0])]).size, 3, 'host ports of their own');
  for (const name of [...webs, ...workers]) {
    const service = services[name]!;
    t.is(service.build, '.');
    const env = service.environment!;
    t.deepEqual(
      env.REDIS_CLUSTER_NODES!.split(','),
      redisNodes.map((node) => `${node}:6379`),
    );
    t.deepEqual(hosts(env.DATABASE_URL!), [`${pgbouncer}:5432`]);
    t.deepEqual(hosts(env.DATABASE_LISTEN_URL!), [`${primary}:5432`]);
    t.deepEqual(hosts(env.DATABASE_READ_URL!), [`${replica}:5432`]);
    t.is(env.DATABASE_POOLER, 'transaction');
    // The settings, with their defaults, are a configuration the service starts with, and it reads each.
    const config = loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, resolved(v)])));
    t.is(config.REDIS_CLUSTER_NODES, env.REDIS_CLUSTER_NODES);
    for (const setting of Object.keys(env)) t.true(setting in ConfigSchema.properties, `${name}: ${setting}`);
    for (const [dependency, condition] of [
      ['scale-migrate', 'service_completed_successfully'],
      [inits[0], 'service_completed_successfully'],
      [pgbouncer, 'service_healthy'],
      [replica, 'service_healthy'],
    ])
      t.deepEqual(service.depends_on?.[dependency!], { condition }, `${name} waits for ${dependency}`);
  }
  // The profile's migrations run on the primary itself, not through the pooler.
  const migrate = services['scale-migrate']!;
  t.is(migrate.command!.join(' '), procfile().release);
  t.deepEqual(hosts(migrate.environment!.DATABASE_URL!), [`${primary}:5432`]);
  t.deepEqual(migrate.depends_on, { [primary!]: { condition: 'service_healthy' } });
});

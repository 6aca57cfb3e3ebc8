import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import test from 'ava';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../../shared/config/index.js';
import { procfile } from '../helpers/compiled-tree.js';

/**
 * The Dockerfile and docker-compose.yml, read as Docker reads them (no Docker engine runs here): the image
 * is built by the README's production recipe (NODE_ENV=production from the first install, then the build)
 * and runs the Procfile's commands on the Node version the lockfile pins.
 */

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  steps: Instruction[];
}

/** Dockerfile instructions by stage (comments dropped, continued lines joined). */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const result: Stage[] = [];
  for (const line of lines) {
    const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (!op || args === undefined) throw new Error(`unreadable Dockerfile line: ${line}`);
    if (op.toUpperCase() === 'FROM') {
      const [image, as, name] = args.split(/\s+/);
      result.push({ from: image!, name: as?.toUpperCase() === 'AS' ? name : undefined, steps: [] });
    } else {
      const stage = result.at(-1);
      if (!stage) throw new Error(`${op} before FROM`);
      stage.steps.push({ op: op.toUpperCase(), args });
    }
  }
  return result;
}

const dockerfile = stages(read('Dockerfile'));
const build = dockerfile[0]!;
const image = dockerfile.at(-1)!;
const index = (stage: Stage, op: string, match: (args: string) => boolean) =>
  stage.steps.findIndex((s) => s.op === op && match(s.args));
const execForm = (args: string) => JSON.parse(args) as string[];

test('the image is built in two stages on the Node version the lockfile pins', (t) => {
  t.is(dockerfile.length, 2);
  t.truthy(build.name);
  for (const stage of dockerfile) t.is(stage.from, `node:${pkg.dependencies.node}-bookworm-slim`);
});

test('the build stage installs as production does, from the first command, then builds', (t) => {
  const env = index(build, 'ENV', (a) => /^NODE_ENV[= ]production$/.test(a));
  const install = index(build, 'RUN', (a) => /^npm ci\b/.test(a));
  const compile = index(build, 'RUN', (a) => a === 'npm run build');
  t.true(env >= 0 && env < install, 'NODE_ENV=production before npm ci');
  t.true(install >= 0 && install < compile, 'npm ci before npm run build');
  t.false(
    build.steps.some((s) => s.op === 'RUN' && /--include=dev|--production=false|NODE_ENV=(?!production)/.test(s.args)),
  );
  // Everything the build compiles is in the stage before it compiles.
  const { include } = JSON.parse(read('tsconfig.build.json')) as { include: string[] };
  const copied = build.steps
    .slice(0, compile)
    .filter((s) => s.op === 'COPY')
    .flatMap((s) => s.args.split(/\s+/).slice(0, -1));
  for (const needed of [...include, 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'])
    t.true(copied.includes(needed) || copied.includes('.'), `${needed} is copied before the build`);
});

test('the image keeps what runs, as an unprivileged user, and starts the Procfile web command', (t) => {
  t.true(image.steps.some((s) => s.op === 'ENV' && /^NODE_ENV[= ]production$/.test(s.args)));
  const fromBuild = image.steps.filter((s) => s.op === 'COPY' && s.args.startsWith(`--from=${build.name} `));
  const taken = fromBuild.map((s) => s.args.split(/\s+/)[1]);
  t.deepEqual(taken.sort(), ['/app/dist', '/app/node_modules']);
  const local = image.steps.filter((s) => s.op === 'COPY' && !s.args.startsWith('--from'));
  t.deepEqual(local.flatMap((s) => s.args.split(/\s+/).slice(0, -1)).sort(), ['Procfile', 'package.json']);
  const user = image.steps.find((s) => s.op === 'USER');
  t.truthy(user);
  t.not(user!.args, 'root');
  const cmd = image.steps.find((s) => s.op === 'CMD');
  t.deepEqual(execForm(cmd!.args), procfile().web!.split(' '));
});

test('the build context leaves out what the image builds itself', (t) => {
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim());
  for (const path of ['node_modules', 'dist', '.git']) t.true(ignored.includes(path), path);
});

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;

test('compose runs the Procfile: a migration that ends, then web and worker built from this project', (t) => {
  const commands = procfile();
  for (const [service, process] of [
    ['migrate', 'release'],
    ['web', 'web'],
    ['worker', 'worker'],
  ] as const) {
    t.is(services[service]?.build, '.', service);
    t.deepEqual(services[service]?.command, commands[process]!.split(' '), service);
  }
  for (const service of ['web', 'worker'])
    t.deepEqual(services[service]?.depends_on?.migrate, { condition: 'service_completed_successfully' });
  t.deepEqual(services.migrate?.depends_on?.postgres, { condition: 'service_healthy' });
  t.deepEqual(services.migrate?.depends_on?.redis, { condition: 'service_healthy' });
  t.regex(services.redis!.command!.join(' '), /--maxmemory-policy noeviction/);
});

test("compose's settings, with their defaults, are a configuration the service starts with", (t) => {
  const env = services.web!.environment!;
  const resolved = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]),
  );
  const config = loadConfig(resolved);
  t.is(config.NODE_ENV, 'production');
  t.is(new URL(config.DATABASE_URL).host, 'postgres:5432');
  t.is(new URL(config.REDIS_URL).host, 'redis:6379');
  // The service connects as the ordinary role the postgres container's init script makes, owner of its database.
  const url = new URL(config.DATABASE_URL);
  t.is(url.username, 'backoffice');
  t.is(url.pathname, '/insurance');
  const init = services.postgres!.volumes!.find((v) => v.includes('/docker-entrypoint-initdb.d/'))!;
  const script = read(init.split(':')[0]!.replace(/^\.\//, ''));
  t.regex(script, /create role backoffice login nosuperuser/);
  t.regex(script, /create database insurance owner backoffice/);
  // The postgres container and the service read one variable, with one default.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, compared as text.
  t.is(services.postgres!.environment!.APP_DB_PASSWORD, '${APP_DB_PASSWORD:-backoffice}');
  t.is(url.password, 'backoffice', 'the same default password on both sides');
  // Every variable compose sets is one the service reads (a misspelt name would be ignored silently).
  for (const name of Object.keys(env)) t.true(name in ConfigSchema.properties, name);
});

test('every way of starting the web process sizes its heap alike (young generation 16 MB, old at most 512 MB, collected from 128 MB), so its memory stays flat under load and full collections are few', (t) => {
  const flags = (command: string) => command.split(/\s+/).filter((a) => /^--(max|initial)-/.test(a));
  const web = flags(procfile().web!);
  t.deepEqual(web, ['--max-semi-space-size=16', '--initial-old-space-size=128', '--max-old-space-size=512']);
  const scripts = (pkg as unknown as { scripts: Record<string, string> }).scripts;
  t.deepEqual(flags(scripts['start:web']!), web, 'npm run start:web');
  t.deepEqual(flags(scripts.start!), web, 'npm start (web and workers in one process)');
});

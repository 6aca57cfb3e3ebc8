import { readdirSync } from 'node:fs';
import test from 'ava';
import { ERROR_CODES, PERMISSIONS, WORKFLOWS } from '../../shared/catalogues.js';
import { loadConfig } from '../../shared/config/index.js';
import { domains, entities, WRITE_PATH_ENTITIES } from '../../shared/domains.js';
import { catalogue, QUEUE_NAMES } from '../../shared/jobs/catalogue.js';
import type { DomainManifest } from '../../shared/kernel/manifest.js';
import { schedules } from '../../workers/schedulers.js';

/**
 * A domain is its folder and one line in shared/domains.ts: every central list (entities, jobs,
 * queues, schedules, permissions, error codes, workflows, seeds, demo steps) is built from the
 * manifests, so what a manifest declares is in the list and nothing is in a list that no manifest declares.
 */
const manifests = domains as readonly DomainManifest[];

test('every folder of shared/domain is a domain of the one list, under its own name', (t) => {
  const folders = readdirSync('shared/domain', { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  t.deepEqual(manifests.map((d) => d.name).sort(), folders);
});

test("the central lists are exactly the manifests' declarations", (t) => {
  const declared = <T>(pick: (d: DomainManifest) => readonly T[] | undefined) =>
    manifests.flatMap((d) => pick(d) ?? []);
  t.deepEqual(
    entities.slice(WRITE_PATH_ENTITIES.length),
    declared((d) => d.entities),
    'entities after the write path',
  );
  t.deepEqual(
    [...catalogue.definitions],
    declared((d) => d.jobs),
  );
  t.deepEqual([...QUEUE_NAMES], [...new Set(declared((d) => d.jobs).map((j) => j.queue))]);
  t.deepEqual(
    schedules(loadConfig({})).map((s) => s.id),
    declared((d) => d.jobs).flatMap((j) => (j.schedule ? [j.schedule.id] : [])),
  );
  t.deepEqual(
    Object.keys(PERMISSIONS),
    declared((d) => Object.keys(d.permissions ?? {})),
  );
  t.deepEqual(
    [...WORKFLOWS],
    declared((d) => d.workflows),
  );
  for (const d of manifests)
    for (const code of Object.keys(d.errors ?? {})) t.is(ERROR_CODES[code]?.from, `the ${d.name} domain`, code);
});

test('no two domains declare the same permission, job or error code', (t) => {
  const twice = (names: string[]) => names.filter((n, i) => names.indexOf(n) !== i);
  t.deepEqual(twice(manifests.flatMap((d) => Object.keys(d.permissions ?? {}))), []);
  t.deepEqual(twice(manifests.flatMap((d) => (d.jobs ?? []).map((j) => `${j.queue}.${j.name}`))), []);
  t.deepEqual(twice(manifests.flatMap((d) => Object.keys(d.errors ?? {}))), []);
});

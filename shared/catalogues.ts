import { domains } from './domains.js';
import { type ErrorCodeSpec, KERNEL_ERRORS } from './kernel/errors.js';
import type { DomainManifest } from './kernel/manifest.js';
import type { PermissionCatalogue, PermissionName } from './kernel/permissions.js';
import type { PublishedEventSpec, PublishedEventType } from './kernel/published-events.js';
import type { Workflow } from './kernel/workflow.js';
import { renderWorkflowDocs as render } from './kernel/workflow-docs.js';

const manifests = domains as readonly DomainManifest[];

/** The permission catalogue (GET /permissions): every domain's permissions, in the order of the domains. */
export const PERMISSIONS: Readonly<PermissionCatalogue> = Object.assign(
  {},
  ...manifests.map((d) => d.permissions ?? {}),
);
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];
export const isPermission = (name: string): name is PermissionName => Object.hasOwn(PERMISSIONS, name);

/** The integration events the service publishes (GET /events, outbound webhooks), type to what it means. */
export const PUBLISHED_EVENTS: Readonly<Record<PublishedEventType, PublishedEventSpec>> = Object.assign(
  {},
  ...manifests.map((d) => d.publishes ?? {}),
);
export const PUBLISHED_EVENT_TYPES = Object.keys(PUBLISHED_EVENTS) as PublishedEventType[];

/** Every workflow of the service, in the order of the domains (docs/workflows.md lists them so). */
export const WORKFLOWS: readonly Workflow<string, string>[] = manifests.flatMap((d) => d.workflows ?? []);

/** docs/workflows.md, rendered from the domains' workflow tables. */
export const renderWorkflowDocs = (): string => render(WORKFLOWS);

/** The error catalogue (docs/errors.md): the kernel's codes and each domain's, each with where it comes from. */
export const ERROR_CODES: Readonly<Record<string, ErrorCodeSpec & { from: string }>> = Object.fromEntries(
  [
    ...Object.entries(KERNEL_ERRORS).map(([code, spec]) => [code, { ...spec, from: 'every domain' }] as const),
    ...manifests.flatMap((d) =>
      Object.entries(d.errors ?? {}).map(([code, spec]) => [code, { ...spec, from: `the ${d.name} domain` }] as const),
    ),
  ].map(([code, spec], i, all) => {
    if (all.findIndex(([other]) => other === code) !== i) throw new Error(`Error code ${code} is declared twice`);
    return [code, spec];
  }),
);

/**
 * The permission catalogue's shape. Each domain declares its permissions with `definePermissions` in
 * its `<domain>.permissions.ts` and adds them to this interface by declaration merging, so that a route
 * or a workflow step naming a permission nobody declares fails to compile; the composition root
 * (shared/catalogues.ts) lists them at run time from the manifests, in the order of the domains.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each domain's declaration merging
export interface PermissionCatalogue {}

/** A permission some domain declares, e.g. `claim:settle`. */
export type PermissionName = keyof PermissionCatalogue & string;

/** A domain's permissions: name to the description GET /permissions shows. */
export const definePermissions = <const P extends Record<string, string>>(permissions: P): P => permissions;

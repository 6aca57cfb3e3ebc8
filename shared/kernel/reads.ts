import type { Source } from '../db/database.js';
import type { Act } from './act.js';
import type { ServiceDeps } from './deps.js';

/**
 * Where a service's read runs: on the read replicas when the edge allowed it for this act (a GET of
 * a list or a record, by a caller who has not written within READ_YOUR_WRITES_MS) and the process has
 * replicas; else on the primary. Only for reads outside a transaction that take no lock: what must be
 * fresh (token revocation, permissions, a check before a write) reads `deps.orm.em` itself.
 */
export const readSide = (deps: ServiceDeps, act: Act): Source =>
  (act.reads === 'replica' && deps.replicas) || deps.orm.em;

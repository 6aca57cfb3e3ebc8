import type { Config } from '../config/index.js';
import type { Orm } from '../db/orm.js';
import type { UnitOfWork } from '../db/unit-of-work.js';
import type { Logger } from '../logger.js';

/** What domain services are given: the same object in the API and in the workers. */
export interface ServiceDeps {
  config: Config;
  orm: Orm;
  uow: UnitOfWork;
  log: Logger;
}

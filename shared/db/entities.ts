import { User } from '../domain/users/user.entity.js';
import { RegistryEvent } from '../domain/registry/registry-event.entity.js';

/** Every entity, listed explicitly (no folder discovery). */
export const entities = [User, RegistryEvent];

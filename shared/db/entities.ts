import { Role, RolePermission } from '../domain/access/role.entity.js';
import { UserRole } from '../domain/access/user-role.entity.js';
import { MfaChallenge, MfaRecoveryCode, PasswordResetToken } from '../domain/identity/credential.entities.js';
import { AuthSession, RotatedToken } from '../domain/identity/session.entity.js';
import { RegistryEvent } from '../domain/registry/registry-event.entity.js';
import { User } from '../domain/users/user.entity.js';
import { AuditChainHead, AuditEntry, IdempotencyRecord, OutboxRow } from './write-path.entities.js';

/**
 * Every table, as an entity, listed explicitly (no folder discovery). The Kysely query types
 * (database.ts) are inferred from this list, and a test checks it against the migrated schema.
 */
export const entities = [
  User,
  Role,
  RolePermission,
  UserRole,
  AuthSession,
  RotatedToken,
  MfaRecoveryCode,
  MfaChallenge,
  PasswordResetToken,
  RegistryEvent,
  OutboxRow,
  AuditEntry,
  AuditChainHead,
  IdempotencyRecord,
] as const;

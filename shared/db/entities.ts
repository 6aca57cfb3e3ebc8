import { Role, RolePermission } from '../domain/access/role.entity.js';
import { UserRole } from '../domain/access/user-role.entity.js';
import { CatastropheEvent, Claim, ClaimDocument, ClaimNote, ClaimPayment } from '../domain/claims/claim.entity.js';
import { Dispute } from '../domain/disputes/dispute.entity.js';
import { IdPattern } from '../domain/id-patterns/id-pattern.entity.js';
import {
  MfaChallenge,
  MfaRecoveryCode,
  PasswordResetRequest,
  PasswordResetToken,
  SignInDeviceFailure,
  SignInFailure,
} from '../domain/identity/credential.entities.js';
import { AuthSession, RotatedToken } from '../domain/identity/session.entity.js';
import { InvestmentProduct } from '../domain/investment-products/investment-product.entity.js';
import { NotificationTemplate } from '../domain/notification-templates/notification-template.entity.js';
import { OperationalPolicy } from '../domain/operational-policies/operational-policy.entity.js';
import { Endorsement, Policy } from '../domain/policies/policy.entity.js';
import { Quotation } from '../domain/quotations/quotation.entity.js';
import { RegistryEvent } from '../domain/registry/registry-event.entity.js';
import { Renewal } from '../domain/renewals/renewal.entity.js';
import { User } from '../domain/users/user.entity.js';
import { AuditChainHead, AuditEntry, DomainEvent, IdempotencyRecord, OutboxRow } from './write-path.entities.js';

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
  PasswordResetRequest,
  SignInFailure,
  SignInDeviceFailure,
  RegistryEvent,
  OutboxRow,
  AuditEntry,
  AuditChainHead,
  IdempotencyRecord,
  DomainEvent,
  IdPattern,
  OperationalPolicy,
  Policy,
  Endorsement,
  Renewal,
  CatastropheEvent,
  Claim,
  ClaimPayment,
  ClaimNote,
  ClaimDocument,
  Dispute,
  Quotation,
  NotificationTemplate,
  InvestmentProduct,
] as const;

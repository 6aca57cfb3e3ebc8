import type { PermissionName } from '../../kernel/permissions.js';

export interface SystemRole {
  id: string;
  name: string;
  description: string;
  permissions: readonly PermissionName[];
  /** Holds every permission of the catalogue, whatever the domains add (the admin role); `permissions` is then empty. */
  everyPermission?: true;
}

/** Seeded roles. Their ids are the same on every install; they cannot be deleted. */
export const SYSTEM_ROLES: readonly SystemRole[] = [
  {
    id: '00000000-0000-7000-8000-000000000001',
    name: 'admin',
    description: 'Every permission',
    permissions: [],
    everyPermission: true,
  },
  {
    id: '00000000-0000-7000-8000-000000000002',
    name: 'agent',
    description: 'Sells and services their own policies',
    permissions: [
      'policy:read',
      'policy:endorse',
      'claim:read',
      'claim:file',
      'claim:withdraw',
      'claim:appeal',
      'claim:note',
      'renewal:read',
      'renewal:decide',
      'dispute:read',
      'dispute:raise',
      'dispute:withdraw',
      'quotation:read',
      'quotation:request',
      'investment:product:read',
    ],
  },
  {
    id: '00000000-0000-7000-8000-000000000003',
    name: 'claims_handler',
    description: 'Works claims through review to closure',
    permissions: [
      'policy:read',
      'claim:read',
      'claim:assign',
      'claim:review',
      'claim:settle',
      'claim:pay',
      'claim:close',
      'claim:note',
      'claim:catastrophe:write',
      'data:scope:all',
      'dispute:read',
      'dispute:raise',
    ],
  },
  {
    id: '00000000-0000-7000-8000-000000000004',
    name: 'underwriter',
    description: 'Prices risk, issues and changes policies',
    permissions: [
      'policy:read',
      'policy:issue',
      'policy:cancel',
      'policy:reinstate',
      'policy:endorse',
      'policy:endorsement:approve',
      'renewal:read',
      'renewal:generate',
      'renewal:offer',
      'renewal:decide',
      'renewal:convert',
      'quotation:read',
      'quotation:respond',
      'quotation:expire',
      'claim:read',
      'data:scope:all',
      'investment:product:read',
      'investment:product:write',
    ],
  },
  {
    id: '00000000-0000-7000-8000-000000000005',
    name: 'compliance_officer',
    description: 'Oversees disputes, audit and configuration',
    permissions: [
      'audit:read',
      'data:scope:all',
      'user:read',
      'role:read',
      'dispute:read',
      'dispute:triage',
      'dispute:resolve',
      'dispute:withdraw',
      'operational_policy:read',
      'operational_policy:write',
      'id_pattern:read',
      'notification_template:read',
      'notification_template:write',
      'policy:read',
      'claim:read',
      'renewal:read',
      'quotation:read',
    ],
  },
  {
    id: '00000000-0000-7000-8000-000000000006',
    name: 'insurer_staff',
    description: "An insurer's own staff, scoped to its records",
    permissions: [
      'policy:read',
      'policy:issue',
      'policy:cancel',
      'policy:reinstate',
      'policy:endorsement:approve',
      'claim:read',
      'claim:review',
      'claim:settle',
      'claim:pay',
      'claim:close',
      'renewal:read',
      'renewal:offer',
      'renewal:convert',
      'quotation:read',
      'quotation:respond',
      'dispute:read',
      'dispute:raise',
    ],
  },
];

export const ADMIN_ROLE_ID = SYSTEM_ROLES[0].id;

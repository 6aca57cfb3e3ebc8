import { defineWorkflow } from '../../kernel/workflow.js';

export const MFA_STATES = ['disabled', 'pending', 'enabled'] as const;
export type MfaState = (typeof MFA_STATES)[number];

/** A user's MFA enrolment: a secret is issued (pending), proven with a code (enabled), or removed. */
export const MFA_WORKFLOW = defineWorkflow('MFA enrolment', MFA_STATES, {
  setup: { from: ['disabled', 'pending'], to: 'pending', permission: 'self', audit: 'user.mfa_setup' },
  verify: { from: ['pending'], to: 'enabled', permission: 'self', audit: 'user.mfa_enable' },
  disable: { from: ['enabled'], to: 'disabled', permission: 'self', audit: 'user.mfa_disable' },
});

/** Where a user's enrolment stands, from what is stored. */
export const mfaStateOf = (user: { mfaEnabled: boolean; mfaSecret?: string | null }): MfaState =>
  user.mfaEnabled ? 'enabled' : user.mfaSecret ? 'pending' : 'disabled';

import { defineWorkflow } from '../../kernel/workflow.js';
import { CLAIM_STATUSES, type ClaimStatus } from './claim.entity.js';

const WORKING: ClaimStatus[] = ['under_review', 'investigation'];

/** A claim's life, from filing to closure. Payments, notes and documents are sub-records with rules of their own. */
export const CLAIM_WORKFLOW = defineWorkflow('claim', CLAIM_STATUSES, {
  assign: {
    from: ['filed', 'under_review', 'investigation', 'awaiting_documents', 'appealed'],
    to: (from) => (from === 'filed' ? 'under_review' : from),
    toText: 'under_review from filed, else unchanged',
    permission: 'claim:assign',
    audit: 'claim.assign',
  },
  review: {
    from: ['filed', 'investigation', 'awaiting_documents', 'appealed'],
    to: 'under_review',
    permission: 'claim:review',
    audit: 'claim.review',
  },
  investigate: { from: ['under_review'], to: 'investigation', permission: 'claim:review', audit: 'claim.investigate' },
  requestDocuments: {
    from: WORKING,
    to: 'awaiting_documents',
    permission: 'claim:review',
    audit: 'claim.request_documents',
  },
  settle: {
    from: WORKING,
    to: 'settled',
    permission: 'claim:settle',
    audit: 'claim.settle',
    publishes: 'claim.settled',
  },
  repudiate: {
    from: WORKING,
    to: 'repudiated',
    permission: 'claim:settle',
    audit: 'claim.repudiate',
    publishes: 'claim.repudiated',
  },
  withdraw: {
    from: ['filed', 'under_review', 'investigation', 'awaiting_documents'],
    to: 'withdrawn',
    permission: 'claim:withdraw',
    audit: 'claim.withdraw',
  },
  appeal: { from: ['repudiated'], to: 'appealed', permission: 'claim:appeal', audit: 'claim.appeal' },
  close: {
    from: ['settled', 'repudiated', 'withdrawn'],
    to: 'closed',
    toText: 'closed (a settled claim only when fully paid)',
    permission: 'claim:close',
    audit: 'claim.close',
    publishes: 'claim.closed',
  },
  pay: {
    from: ['settled'],
    to: (from) => from,
    toText: 'unchanged (a payment is recorded)',
    permission: 'claim:pay',
    audit: 'claim.payment',
  },
  addDocument: {
    from: ['filed', 'under_review', 'investigation', 'awaiting_documents', 'settled', 'repudiated', 'appealed'],
    to: (from) => from,
    toText: 'unchanged (a document is attached)',
    permission: 'claim:note',
    audit: 'claim.document',
  },
});

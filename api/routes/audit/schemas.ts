import { Type } from 'typebox';
import { AuditEntry, AuditFilters, AuditVerdict, AUDIT_TAG as tags } from '../../../shared/domain/audit/index.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

export const listAuditSchema = {
  operationId: 'listAuditEntries',
  tags,
  summary: 'List audit entries',
  description:
    'The audit trail, newest first by default (sort: occurredAt), filtered by subject, actor, action and time range. Follows data scope: without scope all you see the entries about records in your scope (policies, claims, renewals, endorsements and quotations of your insurer or your own as agent; users of your insurer or yourself; disputes raised by them) and the entries made by users in your scope. A filter naming a subject or actor outside it gives an empty list.',
  querystring: Type.Object({ ...PageQuery, ...AuditFilters.properties }, { additionalProperties: false }),
  response: { 200: ListEnvelope(AuditEntry), ...ERROR_RESPONSES },
};

export const verifyAuditSchema = {
  operationId: 'verifyAuditChain',
  tags,
  summary: 'Verify the audit hash chain',
  description:
    'Recomputes the hash chain from the first entry; firstInvalidSeq is the first entry changed or missing. Needs data scope all (403 FORBIDDEN with details.missingPermissions ["data:scope:all"] otherwise). Requests made while a verification runs in the same process share its verdict.',
  response: { 200: Envelope(AuditVerdict, 'The verdict'), ...ERROR_RESPONSES },
};

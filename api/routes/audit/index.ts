import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_LIST, listAuditEntries, verifyAuditChainAs } from '../../../shared/domain/audit/index.js';
import { can, list, read } from '../../http/operation.js';
import { listAuditSchema, verifyAuditSchema } from './schemas.js';

const audit: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', { config: can('audit:read'), schema: listAuditSchema }, list(AUDIT_LIST, listAuditEntries));
  app.get('/audit/verify', { config: can('audit:read'), schema: verifyAuditSchema }, read(verifyAuditChainAs));
};

export default audit;

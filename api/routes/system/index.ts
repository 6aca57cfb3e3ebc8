import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answer, can } from '../../http/operation.js';
import { systemInfo } from './info.js';
import { systemInfoSchema } from './schemas.js';

const system: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/system/info', { config: can('system:read'), schema: systemInfoSchema }, answer(systemInfo));
};

export default system;

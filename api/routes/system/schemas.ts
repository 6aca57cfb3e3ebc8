import { Type } from 'typebox';
import { Int32, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

const systemTags = tag('system', 'The running service: build, runtime and queues.');

export const systemInfoSchema = {
  operationId: 'getSystemInfo',
  tags: systemTags,
  summary: 'System information',
  description:
    'Name and version of the build, API version, Node.js version, uptime, environment, and the job counts of every queue.',
  response: {
    200: Envelope(
      Type.Object({
        // package.json's name and version, API_VERSION, process.version, NODE_ENV: short by their nature.
        name: Type.String({ maxLength: 214 }),
        version: Type.String({ maxLength: 64 }),
        apiVersion: Type.String({ maxLength: 32 }),
        nodeVersion: Type.String({ maxLength: 32 }),
        uptimeSeconds: Type.Number(),
        environment: Type.String({ maxLength: 32 }),
        queues: Type.Array(
          Type.Object({
            name: Type.String({ maxLength: 64 }),
            counts: Type.Record(Type.String({ maxLength: 32 }), Int32(), { description: 'Jobs by state' }),
          }),
          // The service's own queues, a handful.
          { maxItems: 50 },
        ),
      }),
      'The system',
    ),
    ...ERROR_RESPONSES,
  },
};

import { Type } from 'typebox';
import { tag } from '../../../shared/kernel/schema.js';
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
        name: Type.String(),
        version: Type.String(),
        apiVersion: Type.String(),
        nodeVersion: Type.String(),
        uptimeSeconds: Type.Number(),
        environment: Type.String(),
        queues: Type.Array(
          Type.Object({
            name: Type.String(),
            counts: Type.Record(Type.String(), Type.Integer(), { description: 'Jobs by state' }),
          }),
        ),
      }),
      'The system',
    ),
    ...ERROR_RESPONSES,
  },
};

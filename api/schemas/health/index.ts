import { Type } from 'typebox';
import { ERROR_RESPONSES, Envelope, StringEnum } from '../common.js';

const Check = Type.Object({
  status: StringEnum(['up', 'down']),
  latencyMs: Type.Number(),
  error: Type.Optional(Type.String()),
});

export const liveSchema = {
  operationId: 'getLiveness', tags: ['health'], summary: 'The process is running', security: [],
  response: { 200: Envelope(Type.Object({ status: Type.Literal('ok') })), ...ERROR_RESPONSES },
};

export const readySchema = {
  operationId: 'getReadiness', tags: ['health'], summary: 'PostgreSQL and Redis answer within 1 s and migrations are applied; otherwise 503 NOT_READY', security: [],
  response: {
    200: Envelope(Type.Object({ status: Type.Literal('ready'), checks: Type.Object({ database: Check, redis: Check, migrations: Check }) })),
    ...ERROR_RESPONSES,
  },
};

export const healthSchema = {
  operationId: 'getHealth', tags: ['health'], summary: 'Each dependency with its latency', security: [],
  response: {
    200: Envelope(Type.Object({
      status: StringEnum(['ok', 'degraded']),
      checks: Type.Object({ database: Check, redis: Check, queues: Check }),
    })),
    ...ERROR_RESPONSES,
  },
};

export const systemInfoSchema = {
  operationId: 'getSystemInfo', tags: ['system'], summary: 'Build, runtime and queue counts',
  response: {
    200: Envelope(Type.Object({
      name: Type.String(), version: Type.String(), apiVersion: Type.String(), nodeVersion: Type.String(),
      uptimeSeconds: Type.Number(), environment: Type.String(),
      queues: Type.Array(Type.Object({ name: Type.String(), counts: Type.Record(Type.String(), Type.Integer()) })),
    })),
    ...ERROR_RESPONSES,
  },
};

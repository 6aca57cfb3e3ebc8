import type { Api } from './client.js';
import { unique } from './db.js';

/** Records made through the API, as a caller would make them (for tests of what comes after). */

export interface UserData {
  id: string;
  email: string;
  name: string;
  status: string;
  insurerId: string | null;
  phone: string | null;
  locale: string;
  roles: { id: string; name: string }[];
}
export interface RoleData {
  id: string;
  name: string;
  description: string | null;
  system: boolean;
  permissions: string[];
}

/** A fresh address no other test uses. */
export const newEmail = (label = 'user') => `${label}-${unique()}@example.test`;

/** A pending user created with POST /users by `api`'s caller; throws on anything but 201. */
export async function createUser(api: Api, body: Record<string, unknown> = {}): Promise<UserData> {
  const res = await api.post('/users', { email: newEmail(), name: `Created ${unique()}`, ...body });
  if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A custom role created with POST /roles by `api`'s caller; throws on anything but 201. */
export async function createRole(
  api: Api,
  body: { name?: string; description?: string; permissions?: string[] } = {},
): Promise<RoleData> {
  const res = await api.post('/roles', { name: `role-${unique()}`, ...body });
  if (res.statusCode !== 201) throw new Error(`create role failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

import type { TestFn } from 'ava';
import { type Api, client } from './client.js';
import { given, type SignedIn } from './given.js';
import { type Stack, type StackOptions, startStack } from './stack.js';

export interface AdminStack {
  stack: Stack;
  api: Api;
  admin: SignedIn;
  /** A second admin, for what four eyes keep from the first: filing the claims `admin` settles and pays, approving the endorsements `admin` creates. */
  colleague: SignedIn;
}

/**
 * The setup most API test files share: the file's own stack (database and Redis prefix), a client of
 * its app, a signed-in admin and a second one (`colleague`), made before the first test and closed after
 * the last. `use` is given them once they exist:
 *
 *   let { stack, api, admin } = {} as AdminStack;
 *   withAdminStack(test, (s) => ({ stack, api, admin } = s));
 */
export function withAdminStack(test: TestFn, use: (s: AdminStack) => void, opts: StackOptions = {}): void {
  let stack: Stack | undefined;
  test.before(async () => {
    stack = await startStack(opts);
    use({ stack, api: client(stack.app), admin: await given.admin(stack), colleague: await given.admin(stack) });
  });
  test.after.always(async () => {
    await stack?.close();
  });
}

/** Maintenance: the clean-up jobs of the write path and of sign-in protection. */
export { cleanOutbox, forgetSignInRecords, purgeIdempotencyRecords } from './maintenance.js';

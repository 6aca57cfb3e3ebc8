// Generated from the service's OpenAPI document by `npm run client`: do not edit by hand.
// CI fails when it differs from what the document generates (test/shared/typescript-client.test.ts).
export interface paths {
    "/api-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List machine clients
         * @description The machine clients of your data scope (scope insurer: its insurer's; scope agent: those you created), newest first unless sorted by createdAt or name. Never a secret.
         *
         *     Requires: api_client:read.
         */
        get: operations["listApiClients"];
        put?: never;
        /**
         * Create a machine client
         * @description Creates a client with these roles and answers its `clientId` and `clientSecret`: the secret is shown this once (only its hash is kept) and the answer is never replayed for an Idempotency-Key. You need every permission of the roles. Scope insurer creates clients of its insurer only; scope agent cannot create clients. The client gets access tokens from POST /auth/token.
         *
         *     Requires: api_client:write.
         */
        post: operations["createApiClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a machine client
         * @description One client of your data scope, without its secret; 404 for any other.
         *
         *     Requires: api_client:read.
         */
        get: operations["getApiClient"];
        put?: never;
        post?: never;
        /**
         * Revoke a machine client
         * @description Revokes the client at once: its secrets stop working and every access token it holds is refused from the next request, in every process. Revoking a revoked client answers 204 again. The caller must hold every permission the client holds (403 naming the missing ones).
         *
         *     Requires: api_client:write.
         */
        delete: operations["revokeApiClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-clients/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a machine client's secret
         * @description Answers a new secret, shown this once. The previous secret keeps working until `previousSecretExpiresAt` (CLIENT_SECRET_OVERLAP_S after now, an hour by default) so the client can be changed over without a gap; tokens already issued stay valid until they expire. A revoked client is 404. The caller must hold every permission the client holds (403 naming the missing ones).
         *
         *     Requires: api_client:write.
         */
        post: operations["rotateApiClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit entries
         * @description The audit trail, newest first by default (sort: occurredAt), filtered by subject, actor, action and time range. Follows data scope: without scope all you see the entries about records in your scope (policies, claims, renewals, endorsements and quotations of your insurer or your own as agent; users of your insurer or yourself; disputes raised by them) and the entries made by users in your scope. A filter naming a subject or actor outside it gives an empty list.
         *
         *     Requires: audit:read.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit hash chain
         * @description Recomputes the hash chain from the first entry; firstInvalidSeq is the first entry changed or missing. Needs data scope all (403 FORBIDDEN with details.missingPermissions ["data:scope:all"] otherwise). Requests made while a verification runs in the same process share its verdict.
         *
         *     Requires: audit:read.
         */
        get: operations["verifyAuditChain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description Needs the current password; the new one must differ. Ends every other session; this one stays. A wrong current password counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email.
         *
         *     Any signed-in user.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset mail
         * @description Always answers 202, alike whether or not the email belongs to a user: the user is looked up afterwards, and when there is one a mail with a reset token (single use, valid 30 minutes) is sent.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description First step: email and password, answering the tokens, or an MFA challenge when the user has MFA on. Second step of an MFA sign-in: mfaToken and code. A completed sign-in answers a deviceToken: send it back as deviceToken with later sign-ins (either step) from the same device. A wrong email or password answers 401 INVALID_CREDENTIALS; a right password on an account that is not active answers 403. Consecutive failures (wrong passwords, wrong MFA codes, wrong current passwords at change-password) are counted per device token when a valid one of the user is sent, else per email, whether or not a user has it; at the threshold that count locks for a while: the sign-ins it covers answer 429 RATE_LIMITED with Retry-After and details.reason too_many_failed_sign_ins, before the password is checked. So failures of others lock the email, never a device you signed in on. A lockout changes no account and ends no session.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session of this refresh token, which must be one of the caller's (401 INVALID_REFRESH_TOKEN otherwise).
         *
         *     Any signed-in user.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the caller, this one included.
         *
         *     Any signed-in user.
         */
        post: operations["logoutAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description The signed-in user with the permissions their roles give them now.
         *
         *     Any signed-in user.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/mfa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * enabled to disabled
         * @description Turns MFA off; needs the password and a TOTP or recovery code. The secret and recovery codes are deleted. A wrong password or code counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email (429 once locked).
         *
         *     Any signed-in user.
         */
        post: operations["disableMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/mfa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * disabled, pending to pending
         * @description Starts enrolment: a new secret, its otpauth URI and ten recovery codes, shown once. MFA is on only after POST /auth/mfa/verify; setting up again replaces a pending enrolment.
         *
         *     Any signed-in user.
         */
        post: operations["setupMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/mfa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending to enabled
         * @description Turns MFA on with a code from the authenticator, proving it holds the new secret, and the password, so a stolen access token alone cannot enrol a thief's authenticator. A wrong password counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email (429 once locked).
         *
         *     Any signed-in user.
         */
        post: operations["verifyMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh the tokens
         * @description Rotates the refresh token: answers a new pair, the one sent is spent. Presenting a spent refresh token again revokes its whole session (reuse detection), so a client must not refresh concurrently.
         */
        post: operations["refreshTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the password with a mailed token
         * @description Sets a new password with the token of a reset (or set-password) mail: single use, 30 minutes. Unlocks a locked account, ends the sign-in lockout of the email and of the user's devices, and ends every session. An invalid, used or expired token answers 400 on body.token.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your sessions
         * @description The caller's live sessions (signed-in devices), most recently used first.
         *
         *     Any signed-in user.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions/{familyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End another session
         * @description Ends another of the caller's sessions (a lost device). The current session answers 422: use POST /auth/logout.
         *
         *     Any signed-in user.
         */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token for a machine client
         * @description OAuth 2.0 client credentials (RFC 6749 section 4.4): `grant_type=client_credentials` with the client id and secret in the body or in HTTP Basic (not both), as a form (`application/x-www-form-urlencoded`) or JSON. Answers `{ access_token, token_type, expires_in }`, used as `Authorization: Bearer <access_token>`; there is no refresh token, ask again. Its answers and refusals are OAuth's shapes, not the envelope: 400 `invalid_request` or `unsupported_grant_type`, 401 `invalid_client`. Unknown parameters are ignored (section 3.1).
         */
        post: operations["issueClientToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catastrophe-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List catastrophe events
         * @description Every catastrophe event, newest first unless sorted.
         *
         *     Requires: claim:read.
         */
        get: operations["listCatastropheEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catastrophe-events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a catastrophe event
         * @description One catastrophe event.
         *
         *     Requires: claim:read.
         */
        get: operations["getCatastropheEvent"];
        put?: never;
        /**
         * Create or update a catastrophe event
         * @description Creates the event with this id (201) or replaces its fields (200). A name another event has answers 409 CONFLICT.
         *
         *     Requires: claim:catastrophe:write.
         */
        post: operations["upsertCatastropheEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List claims
         * @description The claims in your data scope, newest first unless sorted. A filter naming an agent outside your scope answers 403.
         *
         *     Requires: claim:read.
         */
        get: operations["listClaims"];
        put?: never;
        /**
         * File a claim
         * @description Files a claim on a policy of your scope: the policy must be active or reinstated (422 POLICY_NOT_ACTIVE), the incident within its period (422 INCIDENT_OUTSIDE_COVER), the amount in its currency.
         *
         *     Requires: claim:file.
         */
        post: operations["fileClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a claim
         * @description One claim of your data scope with its payments, notes, documents and history; 404 for any other.
         *
         *     Requires: claim:read.
         */
        get: operations["getClaim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/appeal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * repudiated to appealed
         * @description Appeals a repudiation: once per claim and within 30 days of it (422 APPEAL_LIMIT_REACHED).
         *
         *     Requires: claim:appeal.
         */
        post: operations["appealClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * filed, under_review, investigation, awaiting_documents, appealed to under_review from filed, else unchanged
         * @description Assigns a handler, an active user holding claim:review (422 otherwise); a filed claim goes under review.
         *
         *     Requires: claim:assign.
         */
        post: operations["assignClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * settled, repudiated, withdrawn to closed (a settled claim only when fully paid)
         * @description Closes a repudiated or withdrawn claim, or a settled one once fully paid (422 OUTSTANDING_PAYMENTS).
         *
         *     Requires: claim:close.
         */
        post: operations["closeClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A claim's documents
         * @description Every document added to a claim of your data scope, oldest first; 404 for any other claim.
         *
         *     Requires: claim:read.
         */
        get: operations["listClaimDocuments"];
        put?: never;
        /**
         * filed, under_review, investigation, awaiting_documents, settled, repudiated, appealed to unchanged (a document is attached)
         * @description Attaches a document's metadata (the file stays at its https URL, which names a public host: no user info, no IP address, no localhost, .local, .internal or .localhost name), up to 26214400 bytes, of an allowed content type; answers with the document. Refused on closed and withdrawn claims.
         *
         *     Requires: claim:note.
         */
        post: operations["addClaimDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A claim's history
         * @description What happened to a claim of your data scope, oldest first (for data scope agent, no internal note's event); 404 for any other claim.
         *
         *     Requires: claim:read.
         */
        get: operations["listClaimHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/investigate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * under_review to investigation
         * @description Starts an investigation of a claim under review.
         *
         *     Requires: claim:review.
         */
        post: operations["investigateClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A claim's notes
         * @description Every note on a claim of your data scope, oldest first (for data scope agent, the shared notes only); 404 for any other claim.
         *
         *     Requires: claim:read.
         */
        get: operations["listClaimNotes"];
        put?: never;
        /**
         * Add a note to a claim
         * @description A note, in any status, answered with the note. internal (staff only) unless visibility says shared. A caller of data scope agent sees and writes shared notes only: their notes are shared by default, and asking for internal answers 403 FORBIDDEN (details.reason shared_notes_only).
         *
         *     Requires: claim:note.
         */
        post: operations["addClaimNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A claim's payments
         * @description Every payment recorded on a claim of your data scope, oldest first; 404 for any other claim.
         *
         *     Requires: claim:read.
         */
        get: operations["listClaimPayments"];
        put?: never;
        /**
         * settled to unchanged (a payment is recorded)
         * @description Records a payment of a settled claim, in its currency, and answers with the payment (read the claim with GET /claims/{id}). The payments never add up to more than the settled amount (422 PAYMENT_EXCEEDS_SETTLEMENT); the operational policies may cap a single payment (422 PAYMENT_LIMIT_EXCEEDED) and require the agent's KYC to be verified (422 KYC_NOT_VERIFIED). The user who filed the claim records none of its payments (403 FORBIDDEN, details.reason four_eyes), whatever they hold.
         *
         *     Requires: claim:pay.
         */
        post: operations["recordClaimPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/repudiate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * under_review, investigation to repudiated
         * @description Refuses the claim, with the reason.
         *
         *     Requires: claim:settle.
         */
        post: operations["repudiateClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/request-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * under_review, investigation to awaiting_documents
         * @description Asks for documents; the claim waits for them. The body may be left out (no body is taken as {}).
         *
         *     Requires: claim:review.
         */
        post: operations["requestClaimDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * filed, investigation, awaiting_documents, appealed to under_review
         * @description Takes the claim (back) under review.
         *
         *     Requires: claim:review.
         */
        post: operations["reviewClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * under_review, investigation to settled
         * @description Settles at an amount in the claim's currency, more than zero (400; a claim worth nothing is repudiated), at most the claimed amount and the sum insured (422 SETTLEMENT_EXCEEDS_COVER). The user who filed the claim cannot settle it (403 FORBIDDEN, details.reason four_eyes), whatever they hold.
         *
         *     Requires: claim:settle.
         */
        post: operations["settleClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * filed, under_review, investigation, awaiting_documents to withdrawn
         * @description Withdraws the claim, with the reason.
         *
         *     Requires: claim:withdraw.
         */
        post: operations["withdrawClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List disputes
         * @description The disputes you raised (every dispute with data scope all), newest first unless sorted.
         *
         *     Requires: dispute:read.
         */
        get: operations["listDisputes"];
        put?: never;
        /**
         * Raise a dispute
         * @description Raises a dispute, due for its final response eight weeks later. A claim must exist and be visible to you (404 otherwise); other subjects are kept as given.
         *
         *     Requires: dispute:raise.
         */
        post: operations["raiseDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a dispute
         * @description One dispute you raised (any, with data scope all); 404 for any other.
         *
         *     Requires: dispute:read.
         */
        get: operations["getDispute"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * triaged, escalated to the outcome given: upheld, rejected or escalated (an escalated dispute only upheld or rejected)
         * @description Resolves a triaged dispute to upheld, rejected or escalated, or an escalated one to upheld or rejected, with the resolution text.
         *
         *     Requires: dispute:resolve.
         */
        post: operations["resolveDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{id}/triage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * open to triaged
         * @description Sets the severity and, optionally, the handler (an active user) and a note.
         *
         *     Requires: dispute:triage.
         */
        post: operations["triageDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * open, triaged to withdrawn (by the raiser, or a caller with data scope all)
         * @description Withdraws an open or triaged dispute, with the reason.
         *
         *     Requires: dispute:withdraw.
         */
        post: operations["withdrawDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the event feed
         * @description The integration events of your data scope after `after`, oldest first: the same events outbound webhooks deliver. Keep `meta.page.nextCursor` and pass it as `after` next time: you see every event once, in order, and an event whose change commits later never lands before a cursor you hold. An empty page means you are caught up; `hasMore` says whether to read again at once. Types: `renewal.offered` (A renewal was offered to the holder); `renewal.converted` (A renewal became the next policy (policy.issued follows)); `quotation.quoted` (A quotation was priced); `quotation.accepted` (A quotation was accepted and its policy issued (policy.issued follows)); `policy.issued` (A policy was issued (also by converting a renewal or accepting a quotation)); `policy.cancelled` (A policy was cancelled); `policy.reinstated` (A cancelled or lapsed policy was reinstated); `policy.lapsed` (A policy lapsed for an unpaid premium); `policy.endorsed` (An endorsement was approved and applied to its policy); `premium.paid` (A premium payment was recorded on an instalment); `dispute.escalated` (A dispute was escalated); `dispute.resolved` (A dispute was resolved); `claim.filed` (A claim was filed); `claim.settled` (A claim was settled); `claim.repudiated` (A claim was repudiated); `claim.payment_recorded` (A payment of a settled claim was recorded); `claim.closed` (A claim was closed).
         *
         *     Requires: event:read.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dependency health
         * @description Each dependency (PostgreSQL, Redis, the queues) with its latency, the read replicas with their lag, the live workers per queue and the outbox and audit backlogs. Status degraded, still with 200, when a dependency is down, a replica is not serving, a queue has work and no live worker, or a backlog is older than LAG_ALERT_S; `problems` says which. `mail` says where mail goes (informational).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description The process is running and can serve: 503 NOT_LIVE when its database pool has had requests waiting with no connection freed for LIVENESS_POOL_STALL_S seconds (restart it). Checks no dependency: a database that is down is readiness's concern.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Ready to take traffic: PostgreSQL and Redis answer within 1 s and every migration is applied. Otherwise 503 NOT_READY, the checks in error.details.checks.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/id-patterns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List identifier patterns
         * @description Every identifier pattern, newest first unless sorted; q over entity, pattern and description.
         *
         *     Requires: id_pattern:read.
         */
        get: operations["listIdPatterns"];
        put?: never;
        /**
         * Create an identifier pattern
         * @description A pattern for an entity, active unless told otherwise; its sequence starts at 1. An invalid pattern answers 400 naming the problem; a second active pattern of the entity answers 409.
         *
         *     Requires: id_pattern:write.
         */
        post: operations["createIdPattern"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/id-patterns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an identifier pattern
         * @description One identifier pattern.
         *
         *     Requires: id_pattern:read.
         */
        get: operations["getIdPattern"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an identifier pattern
         * @description Changes the pattern, description or active flag (at least one). The sequence carries on across a change of the pattern text.
         *
         *     Requires: id_pattern:write.
         */
        patch: operations["updateIdPattern"];
        trace?: never;
    };
    "/investment-products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List investment products
         * @description Every investment product, newest first unless sorted.
         *
         *     Requires: investment:product:read.
         */
        get: operations["listInvestmentProducts"];
        put?: never;
        /**
         * Create an investment product
         * @description Creates a draft product; a PATCH with `status: active` offers it.
         *
         *     Requires: investment:product:write.
         */
        post: operations["createInvestmentProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/investment-products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an investment product
         * @description One investment product.
         *
         *     Requires: investment:product:read.
         */
        get: operations["getInvestmentProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an investment product
         * @description Changes the fields given. `status` moves draft to active or closed and active to closed (422 INVALID_TRANSITION otherwise, e.g. back to draft); a closed product changes no more (422). `description: null` clears it.
         *
         *     Requires: investment:product:write.
         */
        patch: operations["updateInvestmentProduct"];
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Prometheus text: HTTP requests by route template, method and status (count and duration), jobs per queue and state, live workers per queue, outbox and audit backlogs, process metrics. Only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); 404 when METRICS_TOKEN is not set. Outside every rate limit.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List notification templates
         * @description Every version of every template, newest first unless sorted.
         *
         *     Requires: notification_template:read.
         */
        get: operations["listNotificationTemplates"];
        put?: never;
        /**
         * Create a notification template
         * @description Creates a draft, the next version of its key, channel and locale. An email template needs a subject, an sms template has none. Text rules, checked at create, update and publish (400 VALIDATION_ERROR naming the field): only the placeholders of the key; the link placeholder carrying the credential in the body only, with whitespace or the text edge on both sides; any other link or address (a scheme such as https: or mailto:, www., a domain name with a path, an e-mail address), read without zero-width characters and with full-width ones folded, only to a host of MAIL_LINK_HOSTS (default: the host of APP_BASE_URL). Placeholders by key (also GET /notification-templates/placeholders): password_reset: {{name}} (The user's name), {{email}} (The user's e-mail address), {{resetUrl}} (The address of the reset page, APP_BASE_URL/reset-password?token=... The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.), {{expiresInMinutes}} (How many minutes the link works (30)). set_password: {{name}} (The user's name), {{email}} (The user's e-mail address), {{setPasswordUrl}} (The address of the page that sets the first password, APP_BASE_URL/set-password?token=... The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.), {{expiresInMinutes}} (How many minutes the link works (30)). premium_overdue: {{holderName}} (The policy holder's name), {{policyNumber}} (The policy number, e.g. POL-2026-000042), {{dueOn}} (The day the instalment was due (YYYY-MM-DD)), {{amountDue}} (What is still due on the instalment, e.g. KES 1000.00), {{lapsesAfter}} (The last day of the grace period (YYYY-MM-DD): unpaid after it, the policy lapses).
         *
         *     Requires: notification_template:write.
         */
        post: operations["createNotificationTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a notification template
         * @description One version of a template.
         *
         *     Requires: notification_template:read.
         */
        get: operations["getNotificationTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * draft to draft
         * @description Changes the subject or body of a draft; any other status answers 422 INVALID_TRANSITION. The text as changed is checked. Text rules, checked at create, update and publish (400 VALIDATION_ERROR naming the field): only the placeholders of the key; the link placeholder carrying the credential in the body only, with whitespace or the text edge on both sides; any other link or address (a scheme such as https: or mailto:, www., a domain name with a path, an e-mail address), read without zero-width characters and with full-width ones folded, only to a host of MAIL_LINK_HOSTS (default: the host of APP_BASE_URL). Placeholders by key (also GET /notification-templates/placeholders): password_reset: {{name}} (The user's name), {{email}} (The user's e-mail address), {{resetUrl}} (The address of the reset page, APP_BASE_URL/reset-password?token=... The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.), {{expiresInMinutes}} (How many minutes the link works (30)). set_password: {{name}} (The user's name), {{email}} (The user's e-mail address), {{setPasswordUrl}} (The address of the page that sets the first password, APP_BASE_URL/set-password?token=... The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.), {{expiresInMinutes}} (How many minutes the link works (30)). premium_overdue: {{holderName}} (The policy holder's name), {{policyNumber}} (The policy number, e.g. POL-2026-000042), {{dueOn}} (The day the instalment was due (YYYY-MM-DD)), {{amountDue}} (What is still due on the instalment, e.g. KES 1000.00), {{lapsesAfter}} (The last day of the grace period (YYYY-MM-DD): unpaid after it, the policy lapses).
         *
         *     Requires: notification_template:write.
         */
        patch: operations["updateNotificationTemplate"];
        trace?: never;
    };
    "/notification-templates/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * draft, published to archived
         * @description Archives a draft or published template; archived is final.
         *
         *     Requires: notification_template:write.
         */
        post: operations["archiveNotificationTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * draft to published (a published template again: unchanged, 200)
         * @description Publishes a draft (201): it becomes the published version of its key, channel and locale, and the one published before is archived. A published template answers 200 unchanged; an archived one 422. The text is checked again, and its body must carry the link placeholder of its key (400 requiredPlaceholder otherwise: a mail without it gives the user no way in). Text rules, checked at create, update and publish (400 VALIDATION_ERROR naming the field): only the placeholders of the key; the link placeholder carrying the credential in the body only, with whitespace or the text edge on both sides; any other link or address (a scheme such as https: or mailto:, www., a domain name with a path, an e-mail address), read without zero-width characters and with full-width ones folded, only to a host of MAIL_LINK_HOSTS (default: the host of APP_BASE_URL). Placeholders by key (also GET /notification-templates/placeholders): password_reset: {{name}} (The user's name), {{email}} (The user's e-mail address), {{resetUrl}} (The address of the reset page, APP_BASE_URL/reset-password?token=... The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.), {{expiresInMinutes}} (How many minutes the link works (30)). set_password: {{name}} (The user's name), {{email}} (The user's e-mail address), {{setPasswordUrl}} (The address of the page that sets the first password, APP_BASE_URL/set-password?token=... The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.), {{expiresInMinutes}} (How many minutes the link works (30)). premium_overdue: {{holderName}} (The policy holder's name), {{policyNumber}} (The policy number, e.g. POL-2026-000042), {{dueOn}} (The day the instalment was due (YYYY-MM-DD)), {{amountDue}} (What is still due on the instalment, e.g. KES 1000.00), {{lapsesAfter}} (The last day of the grace period (YYYY-MM-DD): unpaid after it, the policy lapses).
         *
         *     Requires: notification_template:write.
         */
        post: operations["publishNotificationTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates/placeholders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the placeholders of each template key
         * @description Every key a template can be made for, with the {{placeholders}} the service fills in it. Any other placeholder answers 400 at create, update and publish; there is no {{token}}.
         *
         *     Requires: notification_template:read.
         */
        get: operations["listTemplatePlaceholders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operational-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List operational policies
         * @description Every operational policy, newest first unless sorted; q over key and name.
         *
         *     Requires: operational_policy:read.
         */
        get: operations["listOperationalPolicies"];
        put?: never;
        /**
         * Create an operational policy
         * @description Unique per category and key (409 otherwise). The key may be given with or without its category prefix. Values of the keys the service reads are validated (400 on body.value otherwise): security.lockoutThreshold an integer from 3 to 100; security.lockoutMinutes an integer from 1 to 1440; payments.maxSinglePaymentMinor an integer from 1 to 9007199254740991; kyc.requireVerifiedForPayout a boolean; payments.gracePeriodDays an integer from 0 to 90.
         *
         *     Requires: operational_policy:write.
         */
        post: operations["createOperationalPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operational-policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an operational policy
         * @description One operational policy.
         *
         *     Requires: operational_policy:read.
         */
        get: operations["getOperationalPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an operational policy
         * @description Changes name, value, description or active (at least one); a change the service reads applies to the next request. Values of the keys the service reads are validated as on create: security.lockoutThreshold an integer from 3 to 100; security.lockoutMinutes an integer from 1 to 1440; payments.maxSinglePaymentMinor an integer from 1 to 9007199254740991; kyc.requireVerifiedForPayout a boolean; payments.gracePeriodDays an integer from 0 to 90.
         *
         *     Requires: operational_policy:write.
         */
        patch: operations["updateOperationalPolicy"];
        trace?: never;
    };
    "/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the permission catalogue
         * @description Every permission a role can hold, with what it allows.
         *
         *     Requires: role:read.
         */
        get: operations["listPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policies
         * @description The policies in your data scope (all; your insurer; or your own as agent), newest first unless sorted. A filter naming an agent or insurer outside your scope answers 403.
         *
         *     Requires: policy:read.
         */
        get: operations["listPolicies"];
        put?: never;
        /**
         * Issue a policy
         * @description Issues an active policy numbered by the policy identifier pattern. An agent issues their own (agentId defaults to them); an insurer's staff issue for their insurer (insurerId defaults to it). sumInsured and premium share one currency; effectiveTo is after effectiveFrom and at most 50 years later (the same day; 28 February for 29 February). Dates lie between 1900-01-01 and 2999-12-31.
         *
         *     Requires: policy:issue.
         */
        post: operations["issuePolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a policy
         * @description One policy of your data scope; 404 for any other.
         *
         *     Requires: policy:read.
         */
        get: operations["getPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * active, reinstated to cancelled
         * @description Cancels the policy from effectiveDate (today unless given; within the policy's period). Pending endorsements are withdrawn.
         *
         *     Requires: policy:cancel.
         */
        post: operations["cancelPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/endorsements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List endorsements of a policy
         * @description The endorsements of a policy in your data scope, oldest first.
         *
         *     Requires: policy:read.
         */
        get: operations["listEndorsements"];
        put?: never;
        /**
         * active, reinstated to unchanged (a pending endorsement is created)
         * @description Proposes a change to an active or reinstated policy; it applies when approved. effectiveDate is within the policy's period; money changes are in the policy currency; changes.effectiveTo keeps the term at most 50 years (400).
         *
         *     Requires: policy:endorse.
         */
        post: operations["createEndorsement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/endorsements/{endorsementId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending to approved
         * @description Approves a pending endorsement and applies its changes to the policy in the same transaction. A second approval answers 422 INVALID_TRANSITION; the user who created the endorsement cannot approve it (403 FORBIDDEN, details.reason four_eyes), whatever they hold.
         *
         *     Requires: policy:endorsement:approve.
         */
        post: operations["approveEndorsement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/premiums": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a policy's premium instalments
         * @description The policy's instalments in order: the premium split over the term by its premiumFrequency (whole minor units, the remainder on the first), each with what is paid and its status (overdue: still due after its day, UTC). A policy outside your data scope is 404.
         *
         *     Requires: policy:read.
         */
        get: operations["listPolicyPremiums"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/premiums/{instalmentId}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a premium payment
         * @description Records a payment on one instalment of a policy in your data scope, up to what is still due on it (more is 422 PAYMENT_EXCEEDS_DUE, also when payments race). A reference already recorded on the policy is 409 CONFLICT. An instalment paid in full reads as paid. Publishes premium.paid.
         *
         *     Requires: premium:collect.
         */
        post: operations["recordPremiumPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cancelled, lapsed to reinstated
         * @description Reinstates a cancelled or lapsed policy within the reinstatement window (30 days by default) of its cancellation or lapse; later answers 422 REINSTATEMENT_WINDOW_EXPIRED.
         *
         *     Requires: policy:reinstate.
         */
        post: operations["reinstatePolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy timeline
         * @description What happened to the policy, oldest first: issued, endorsements created, approved and withdrawn, cancelled, reinstated, renewals and claims, each with actor, time and request id.
         *
         *     Requires: policy:read.
         */
        get: operations["getPolicyTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List quotations
         * @description The quotations in your data scope, newest first unless sorted. A filter naming an agent or insurer outside your scope answers 403.
         *
         *     Requires: quotation:read.
         */
        get: operations["listQuotations"];
        put?: never;
        /**
         * Request a quotation
         * @description Starts a requested quotation numbered by the quotation identifier pattern. An agent requests their own (agentId defaults to them); an insurer's staff for their insurer (insurerId defaults to it).
         *
         *     Requires: quotation:request.
         */
        post: operations["requestQuotation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a quotation
         * @description One quotation of your data scope; 404 for any other.
         *
         *     Requires: quotation:read.
         */
        get: operations["getQuotation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * quoted to accepted (the policy is issued in the same transaction)
         * @description Accepts a quote that still holds (through its whole validUntil day, UTC; after it 422 INVALID_TRANSITION from expired) and issues the policy in the same transaction: the applicant as holder, the quoted premium, a one-year term from effectiveFrom (today unless given, never in the past). The answer carries the policyId.
         *
         *     Requires: quotation:request.
         */
        post: operations["acceptQuotation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotations/{id}/respond": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * requested to quoted
         * @description Quotes a premium in the sum insured's currency (422 INVARIANT_VIOLATION otherwise), valid through validUntil (today, UTC, or later), with the terms.
         *
         *     Requires: quotation:respond.
         */
        post: operations["respondToQuotation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotations/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * requested, quoted to withdrawn
         * @description Withdraws a requested or quoted quotation (200). Accepted, expired or withdrawn: 422 INVALID_TRANSITION; a concurrent change that won: 409 CONFLICT.
         *
         *     Requires: quotation:respond.
         */
        post: operations["withdrawQuotation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotations/sweep/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the quotation expiry sweep now
         * @description Hands the expiry sweep to the quotations worker: 201 when a new sweep was queued, 200 with the sweep already waiting or running (no second sweep).
         *
         *     Requires: quotation:expire.
         */
        post: operations["sweepExpiredQuotations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List renewals
         * @description The renewals in your data scope, newest first unless sorted. A filter naming an agent outside your scope answers 403.
         *
         *     Requires: renewal:read.
         */
        get: operations["listRenewals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a renewal
         * @description One renewal of your data scope; 404 for any other.
         *
         *     Requires: renewal:read.
         */
        get: operations["getRenewal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * offered to accepted
         * @description Records that the holder accepted the offer; an offer past its expiry answers 422 OFFER_EXPIRED.
         *
         *     Requires: renewal:decide.
         */
        post: operations["acceptRenewal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * offered, accepted to converted (a new active policy for the term; the old one renewed)
         * @description Issues the next policy (active, for the renewal term, at the offered premium) and marks the old one renewed, both linked, in one transaction.
         *
         *     Requires: renewal:convert.
         */
        post: operations["convertRenewal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending, offered, accepted to declined
         * @description Records that the renewal will not happen, with the reason.
         *
         *     Requires: renewal:decide.
         */
        post: operations["declineRenewal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/offer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending to offered
         * @description Offers the renewal at a premium in the policy's currency, open until offerExpiresAt (in the future).
         *
         *     Requires: renewal:offer.
         */
        post: operations["offerRenewal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/policies/{policyId}/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * active, reinstated, expired to unchanged (a pending renewal for the next term is created)
         * @description Creates a pending renewal for the next term (the same length, from the day after effectiveTo) at the current premium. A second open renewal of the policy answers 409 CONFLICT; a policy that is not active, reinstated or expired answers 422; so does a next term the service cannot keep (ending after 2999-12-31, or longer than 50 years: 422 INVARIANT_VIOLATION, details naming the date).
         *
         *     Requires: renewal:generate.
         */
        post: operations["generateRenewal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List roles
         * @description Every role, system roles included; sort by name (default) or createdAt.
         *
         *     Requires: role:read.
         */
        get: operations["listRoles"];
        put?: never;
        /**
         * Create a role
         * @description A name unique regardless of case (409 otherwise) and its permissions. Roles are platform-wide: you need data scope all and every permission you put in it (403 otherwise).
         *
         *     Requires: role:write.
         */
        post: operations["createRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a role
         * @description One role with its permissions.
         *
         *     Requires: role:read.
         */
        get: operations["getRole"];
        put?: never;
        post?: never;
        /**
         * Delete a role
         * @description Needs data scope all (403 otherwise). A system role answers 422 INVARIANT_VIOLATION; a role still granted to a user answers 409.
         *
         *     Requires: role:write.
         */
        delete: operations["deleteRole"];
        options?: never;
        head?: never;
        /**
         * Rename or describe a role
         * @description Changes the name or description (at least one; null clears the description). Needs data scope all; a system role needs every permission it holds too (403 otherwise), and cannot be renamed (422).
         *
         *     Requires: role:write.
         */
        patch: operations["updateRole"];
        trace?: never;
    };
    "/roles/{id}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a role's permissions
         * @description The role holds exactly these permissions afterwards; it applies to its users on their next request. You need data scope all and every permission added or removed, for a system role every permission it holds, and to remove any, every permission held by each of the role's users (403 otherwise); the admin role's permissions cannot be changed (422).
         *
         *     Requires: role:write.
         */
        put: operations["setRolePermissions"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * System information
         * @description Name and version of the build, API version, Node.js version, uptime, environment, and the job counts of every queue.
         *
         *     Requires: system:read.
         */
        get: operations["getSystemInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description The users in your data scope (scope all: everyone; insurer: its users; agent: yourself), newest first unless sorted by createdAt, email or name.
         *
         *     Requires: user:read.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Creates a pending user. Without a password, a set-password mail is sent. Scope insurer creates users of its insurer only; scope agent cannot create users.
         *
         *     Requires: user:write.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description One user of your data scope; 404 for any other.
         *
         *     Requires: user:read.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a user
         * @description Changes the fields sent (at least one); null clears phone or insurerId. Changing insurerId needs data scope all. You need every permission the user holds (403 otherwise).
         *
         *     Requires: user:write.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/users/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending, suspended, locked to active
         * @description Takes the user to active: a pending user can sign in from now on, a locked one is unlocked. Another status answers 422 INVALID_TRANSITION. You need every permission the user holds (403 otherwise). Without data scope all, the user who created the account cannot activate it (403 FORBIDDEN, details.reason four_eyes).
         *
         *     Requires: user:activate.
         */
        post: operations["activateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending, active, suspended, locked to archived
         * @description Takes the user to archived, for good, and ends every session of theirs. You cannot archive yourself, nor a user holding a permission you do not hold (403). The last active admin cannot be archived (422 INVARIANT_VIOLATION).
         *
         *     Requires: user:suspend.
         */
        post: operations["archiveUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant a role to a user
         * @description Adds the role to the user's roles (granting one they hold changes nothing). The user must be in your data scope (404 otherwise) and you need every permission of the role yourself; an unknown roleId answers 400.
         *
         *     Requires: role:write.
         */
        post: operations["assignRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/roles/{roleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take a role from a user
         * @description Removes the role from the user's roles; 404 when they do not have it or are outside your data scope. You need every permission the user holds (403 otherwise). The last active admin keeps the admin role (422 INVARIANT_VIOLATION).
         *
         *     Requires: role:write.
         */
        delete: operations["removeRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * pending, active, locked to suspended
         * @description Takes the user to suspended and ends every session of theirs. The reason is kept in the audit trail. You cannot suspend yourself, nor a user holding a permission you do not hold (403). The last active admin cannot be suspended (422 INVARIANT_VIOLATION).
         *
         *     Requires: user:suspend.
         */
        post: operations["suspendUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The endpoints of your data scope (scope insurer: its insurer’s; agent: your own), newest first.
         *
         *     Requires: webhook_endpoint:read.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers a URL to receive the event types given, for the records of your data scope (as your scope is at each delivery; agents’ endpoints only their own records). Answers the signing secret once; the answer is never replayed for an Idempotency-Key. Each delivery is a POST of `{ id, type, occurredAt, data }` (the event, as GET /events lists it) with the Standard Webhooks headers `webhook-id` (the event id: deduplicate by it), `webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret, its base64 part decoded). A 2xx answer within 10 s is a delivery; anything else is tried again with exponential backoff for about a day.
         *
         *     Requires: webhook_endpoint:write.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint of your data scope, without its secret; 404 for any other.
         *
         *     Requires: webhook_endpoint:read.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint and its delivery log; nothing more is sent to it.
         *
         *     Requires: webhook_endpoint:write.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes its URL (checked again), event types or description: at least one.
         *
         *     Requires: webhook_endpoint:write.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook endpoint's deliveries
         * @description Every event sent or to be sent to the endpoint, newest first, each with every attempt: response code, duration, error, and when it is tried next.
         *
         *     Requires: webhook_endpoint:read.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Sends the event to the endpoint again at once, whatever became of it before (with the same webhook-id), and records the attempt; it is retried like a new delivery if it fails. Answers the delivery as it stands, 202: the try runs in the background.
         *
         *     Requires: webhook_endpoint:write.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * enabled to disabled
         * @description Nothing more is sent to it, and deliveries waiting for a retry are cancelled, until it is enabled. The service disables an endpoint itself when every delivery to it has failed for three days (with an audit entry).
         *
         *     Requires: webhook_endpoint:write.
         */
        post: operations["disableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * disabled to enabled
         * @description Events from now on are delivered again (those that happened while it was disabled are not).
         *
         *     Requires: webhook_endpoint:write.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description Answers a new secret, shown once. Until `previousSecretExpiresAt` (a day by default) each delivery carries two signatures, one per secret, so your receiver can switch over without refusing one.
         *
         *     Requires: webhook_endpoint:write.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an identity registry event
         * @description Signed as Standard Webhooks: headers webhook-id (= eventId), webhook-timestamp (unix seconds, within 5 minutes) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body">), checked before the body is validated. 201 queued, 200 ignored (type not acted upon), 409 a known eventId.
         */
        post: operations["receiveRegistryEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/registry/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List received registry events
         * @description Registry events as received, newest first: status, type, attempts, last error, received and processed times (never the payload, which holds personal data). Needs webhook:read. Filter by status to find the failed ones.
         *
         *     Requires: webhook:read.
         */
        get: operations["listRegistryEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/registry/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a received registry event
         * @description One registry event by its eventId (the webhook-id of its delivery): where it stands and why it failed, if it did. Needs webhook:read.
         *
         *     Requires: webhook:read.
         */
        get: operations["getRegistryEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "claim.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A claim was closed
         * @description Sent to every enabled endpoint that takes `claim.closed` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_claim_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "claim.filed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A claim was filed
         * @description Sent to every enabled endpoint that takes `claim.filed` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_claim_filed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "claim.payment_recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment of a settled claim was recorded
         * @description Sent to every enabled endpoint that takes `claim.payment_recorded` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_claim_payment_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "claim.repudiated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A claim was repudiated
         * @description Sent to every enabled endpoint that takes `claim.repudiated` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_claim_repudiated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "claim.settled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A claim was settled
         * @description Sent to every enabled endpoint that takes `claim.settled` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_claim_settled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.escalated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A dispute was escalated
         * @description Sent to every enabled endpoint that takes `dispute.escalated` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_dispute_escalated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A dispute was resolved
         * @description Sent to every enabled endpoint that takes `dispute.resolved` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_dispute_resolved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy was cancelled
         * @description Sent to every enabled endpoint that takes `policy.cancelled` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_policy_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.endorsed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An endorsement was approved and applied to its policy
         * @description Sent to every enabled endpoint that takes `policy.endorsed` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_policy_endorsed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.issued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy was issued (also by converting a renewal or accepting a quotation)
         * @description Sent to every enabled endpoint that takes `policy.issued` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_policy_issued"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.lapsed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy lapsed for an unpaid premium
         * @description Sent to every enabled endpoint that takes `policy.lapsed` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_policy_lapsed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.reinstated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A cancelled or lapsed policy was reinstated
         * @description Sent to every enabled endpoint that takes `policy.reinstated` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_policy_reinstated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "premium.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A premium payment was recorded on an instalment
         * @description Sent to every enabled endpoint that takes `premium.paid` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_premium_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quotation.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A quotation was accepted and its policy issued (policy.issued follows)
         * @description Sent to every enabled endpoint that takes `quotation.accepted` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_quotation_accepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quotation.quoted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A quotation was priced
         * @description Sent to every enabled endpoint that takes `quotation.quoted` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_quotation_quoted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "renewal.converted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A renewal became the next policy (policy.issued follows)
         * @description Sent to every enabled endpoint that takes `renewal.converted` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_renewal_converted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "renewal.offered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A renewal was offered to the holder
         * @description Sent to every enabled endpoint that takes `renewal.offered` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.
         */
        post: operations["on_renewal_offered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A machine client; never its secret */
        ApiClient: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            createdBy: string;
            /** @description The client id (also the audit actor of what the client does) */
            id: string;
            insurerId: string | null;
            lastTokenAt: string | null;
            name: string;
            previousSecretExpiresAt: string | null;
            revokedAt: string | null;
            revokedBy: string | null;
            roles: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            secretRotatedAt: string | null;
            status: "active" | "revoked";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        ApiClientWithSecret: {
            clientId: string;
            /** @description The client secret. Shown once, here: only its hash is kept. */
            clientSecret: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            createdBy: string;
            /** @description The client id (also the audit actor of what the client does) */
            id: string;
            insurerId: string | null;
            lastTokenAt: string | null;
            name: string;
            previousSecretExpiresAt: string | null;
            revokedAt: string | null;
            revokedBy: string | null;
            roles: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            secretRotatedAt: string | null;
            status: "active" | "revoked";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description One entry of the audit trail */
        AuditEntry: {
            /** @description e.g. user.suspend */
            action: string;
            /** @description A user id, or system, webhook, anonymous */
            actorId: string;
            correlationId: string | null;
            hash: string | null;
            id: string;
            ip: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurredAt: string;
            prevHash: string | null;
            requestId: string | null;
            /** @description Place in the hash chain; null until the audit worker chains it */
            seq: number | null;
            subjectId: string | null;
            subjectType: string;
            /** @description What changed, per action */
            summary: {
                [key: string]: unknown;
            };
        };
        /** @description A catastrophe claims may reference */
        CatastropheEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            endsOn: string | null;
            id: string;
            name: string;
            /** @description e.g. flood, storm, earthquake, wildfire, drought */
            peril: string;
            region: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            startsOn: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A claim, as lists show it */
        Claim: {
            /**
             * Format: uuid
             * @description The policy's agent
             */
            agentId: string;
            /** Format: int32 */
            appealCount: number;
            assigneeId: string | null;
            catastropheEventId: string | null;
            claimedAmount: components["schemas"]["Money"];
            /** @description From the claim identifier pattern */
            claimNumber: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            filedAt: string;
            filedBy: string | null;
            /** Format: uuid */
            id: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            incidentDate: string;
            insurerId: string;
            paidAmount: components["schemas"]["Money"];
            /** Format: uuid */
            policyId: string;
            /** @description What was said with each action that takes a reason or note */
            reasons: {
                appeal?: string;
                repudiate?: string;
                settle?: string;
                withdraw?: string;
            };
            requestedDocuments: string[] | null;
            settledAmount: components["schemas"]["Money"] | null;
            /** @enum {string} */
            status: "filed" | "under_review" | "investigation" | "awaiting_documents" | "settled" | "repudiated" | "withdrawn" | "appealed" | "closed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A claim with its latest payments, notes, documents and history, and how many of each it has */
        ClaimDetail: {
            /**
             * Format: uuid
             * @description The policy's agent
             */
            agentId: string;
            /** Format: int32 */
            appealCount: number;
            assigneeId: string | null;
            catastropheEventId: string | null;
            claimedAmount: components["schemas"]["Money"];
            /** @description From the claim identifier pattern */
            claimNumber: string;
            /** @description How many of each the claim has, as you may see them (the embedded lists hold at most 20) */
            counts: {
                /** Format: int32 */
                documents: number;
                /** Format: int32 */
                history: number;
                /** Format: int32 */
                notes: number;
                /** Format: int32 */
                payments: number;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string;
            /** @description The latest 20 documents, oldest first; every one at GET /claims/{id}/documents */
            documents: components["schemas"]["ClaimDocument"][];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            filedAt: string;
            filedBy: string | null;
            /** @description The latest 20 events of what happened to the claim, oldest first (for data scope agent, no internal note's event); every one at GET /claims/{id}/history */
            history: components["schemas"]["ClaimHistoryEntry"][];
            /** Format: uuid */
            id: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            incidentDate: string;
            insurerId: string;
            /** @description The latest 20 notes, oldest first (for data scope agent, the shared notes only); every one at GET /claims/{id}/notes */
            notes: components["schemas"]["ClaimNote"][];
            paidAmount: components["schemas"]["Money"];
            /** @description The latest 20 payments, oldest first; every one at GET /claims/{id}/payments */
            payments: components["schemas"]["ClaimPayment"][];
            /** Format: uuid */
            policyId: string;
            /** @description What was said with each action that takes a reason or note */
            reasons: {
                appeal?: string;
                repudiate?: string;
                settle?: string;
                withdraw?: string;
            };
            requestedDocuments: string[] | null;
            settledAmount: components["schemas"]["Money"] | null;
            /** @enum {string} */
            status: "filed" | "under_review" | "investigation" | "awaiting_documents" | "settled" | "repudiated" | "withdrawn" | "appealed" | "closed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A document's metadata; the file is at its URL */
        ClaimDocument: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            addedAt: string;
            /** @description The user or client who added it */
            addedBy: string;
            /** Format: uuid */
            claimId: string;
            contentType: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            sha256: string;
            /** Format: int32 */
            sizeBytes: number;
            url: string;
        };
        /** @description One event of a claim's history */
        ClaimHistoryEntry: {
            /**
             * @deprecated
             * @description Deprecated: use recordedBy; kept until the next release (see CHANGELOG.md)
             */
            actor: string;
            data: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurredAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            recordedAt: string;
            /** @description Who made the change: a user or client id, or system / webhook */
            recordedBy: string;
            requestId: string | null;
            /** @description e.g. claim.filed, claim.settled, claim.payment_recorded */
            type: string;
        };
        /** @description A note on a claim */
        ClaimNote: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            addedAt: string;
            /** @description The user or client who added it */
            addedBy: string;
            /**
             * @deprecated
             * @description Deprecated: use addedBy; kept until the next release (see CHANGELOG.md)
             */
            author: string;
            body: string;
            /** Format: uuid */
            claimId: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
            /**
             * @description internal: staff only; shared: also the policy agent (data scope agent sees shared notes only)
             * @enum {string}
             */
            visibility: "internal" | "shared";
        };
        /** @description A payment of a settled claim */
        ClaimPayment: {
            amount: components["schemas"]["Money"];
            /** Format: uuid */
            claimId: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
            method: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            paidAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            recordedAt: string;
            /** @description The user or client who recorded it */
            recordedBy: string;
            reference: string;
        };
        /** @description The signed-in user with their effective permissions */
        CurrentUser: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            email: string;
            /** Format: uuid */
            id: string;
            /** @description The insurer the user works for; null for platform staff */
            insurerId: string | null;
            /**
             * @description As reported by the identity registry
             * @enum {string}
             */
            kycStatus: "unverified" | "verified" | "rejected" | "revoked";
            lastLoginAt: string | null;
            locale: string;
            mfaEnabled: boolean;
            name: string;
            /** @description Resolved from the roles now, sorted */
            permissions: string[];
            phone: string | null;
            roles: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            /**
             * @description pending until activated; locked: kept out until activated again (failed sign-ins never lock an account, only the email or device token tried)
             * @enum {string}
             */
            status: "pending" | "active" | "suspended" | "locked" | "archived";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A dispute */
        Dispute: {
            assigneeId: string | null;
            closedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string | null;
            disputeNumber: string;
            /** Format: uuid */
            id: string;
            outcome: ("upheld" | "rejected" | "escalated") | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            raisedAt: string;
            /** Format: uuid */
            raisedBy: string;
            reason: string;
            resolution: string | null;
            resolvedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            responseDueAt: string;
            severity: ("low" | "medium" | "high" | "critical") | null;
            /** @enum {string} */
            status: "open" | "triaged" | "upheld" | "rejected" | "withdrawn" | "escalated" | "closed";
            /** @description A claim id, or the id of a record of a neighbouring system */
            subjectId: string;
            /** @enum {string} */
            subjectType: "referral" | "commission" | "payment" | "claim";
            triageNote: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            withdrawReason: string | null;
        };
        /** @description A change to a policy, applied when approved */
        Endorsement: {
            approvedAt: string | null;
            approvedBy: string | null;
            /** @description What the endorsement changes on the policy when approved; money in the policy currency */
            changes: {
                /**
                 * Format: date
                 * @description A calendar date, YYYY-MM-DD
                 */
                effectiveTo?: string;
                holder?: {
                    email?: string | null;
                    /** Format: plain-text */
                    name?: string;
                    nationalId?: string | null;
                    phone?: string | null;
                };
                premium?: components["schemas"]["PositiveMoney"];
                sumInsured?: components["schemas"]["PositiveMoney"];
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** @description The user who created it */
            createdBy: string;
            description: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            effectiveDate: string;
            endorsementNumber: string;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            policyId: string;
            /**
             * @description pending until approved; withdrawn when its policy was cancelled first
             * @enum {string}
             */
            status: "pending" | "approved" | "withdrawn";
            /** @enum {string} */
            type: "coverage" | "premium" | "holder" | "term" | "other";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            withdrawnAt: string | null;
        };
        /**
         * Error envelope
         * @description The body of every error response. Codes include VALIDATION_ERROR (400, one details entry per invalid field), UNAUTHENTICATED (401), FORBIDDEN (403), NOT_FOUND (404), CONFLICT (409), INVALID_TRANSITION and INVARIANT_VIOLATION (422), RATE_LIMITED (429), INTERNAL_ERROR (500), SERVICE_UNAVAILABLE (503, with Retry-After: the database could not be reached; nothing was changed) and NOT_READY (503).
         */
        ErrorEnvelope: {
            error: {
                /** @description Stable machine-readable code, e.g. VALIDATION_ERROR */
                code: string;
                /** @description Per-code details, e.g. one entry per invalid field */
                details?: unknown;
                /** @description For people; may change */
                message: string;
            };
            meta: components["schemas"]["Meta"];
        };
        /** @description An integration event */
        Event: {
            /** @description The resource as GET returned it when the change committed: a policy, claim (without its records), renewal, quotation or dispute, or for claim.payment_recorded the payment */
            data: unknown;
            /** @description The event id; a webhook delivery carries it as webhook-id. Deduplicate by it. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurredAt: string;
            /** @description The record the event is about */
            subject: {
                id: string;
                type: string;
            };
            /** @description e.g. claim.settled (see the types filter of GET /events) */
            type: string;
        };
        /** @description Metadata of a page of a feed read by cursor: where to continue, even on the last page */
        FeedMeta: {
            /** @description The client's own id of the request: its X-Correlation-Id, otherwise its X-Request-Id, when it matches ^[A-Za-z0-9._:-]{1,128}$; absent otherwise */
            correlationId?: string;
            page: {
                /** @description More is ready now: read again at once */
                hasMore: boolean;
                /**
                 * Format: int32
                 * @description The page size applied
                 */
                limit: number;
                /** @description Where to continue (pass it as `after`); null only while there is nothing to read yet */
                nextCursor: string | null;
            };
            /**
             * Format: uuid
             * @description The service's own id of the request (UUID v7), also in the X-Request-Id header
             */
            requestId: string;
        };
        ForbiddenDetails: {
            /** @description The permissions lacking */
            missingPermissions?: string[];
            /** @description The rule that forbids it, e.g. four_eyes */
            reason?: string;
        };
        /** @description One dependency, probed now */
        HealthCheck: {
            /** @description Why it is down */
            error?: string;
            latencyMs: number;
            /** @enum {string} */
            status: "up" | "down";
        };
        /** @description A read replica of DATABASE_READ_URL as this web process sees it */
        HealthReplica: {
            checkedAt: string | null;
            /** @description How far behind the primary it was at its last check; null when unreachable */
            lagMs: number | null;
            /** @description replica-1, replica-2... in the order of DATABASE_READ_URL */
            name: string;
            /**
             * Format: int64
             * @description Reads this process sent to it since it started
             */
            reads: number;
            /**
             * @description up: serves reads; lagging: behind by more than REPLICA_MAX_LAG_MS; down: unreachable or refusing; unknown: not checked yet. A replica not up is skipped (its reads go to the primary) and checked again after REPLICA_RETRY_MS.
             * @enum {string}
             */
            status: "up" | "lagging" | "down" | "unknown";
        };
        /** @description What the workers have to do and who is there to do it; absent when it could not be read */
        HealthWork: {
            audit: {
                /** @description Age of the oldest of them, seconds (0 when none) */
                lagSeconds: number;
                /**
                 * Format: int32
                 * @description Audit entries not yet chained waiting
                 */
                unchained: number;
            };
            /** @description Worker processes heard of within the last three heartbeats (5 s apart), per queue */
            liveWorkers: {
                [key: string]: number;
            };
            outbox: {
                /** @description Age of the oldest of them, seconds (0 when none) */
                lagSeconds: number;
                /**
                 * Format: int32
                 * @description Outbox rows not yet moved to their queue waiting
                 */
                pending: number;
            };
        };
        /** @description An identifier pattern */
        IdPattern: {
            /** @description The one pattern numbering its entity (at most one active per entity) */
            active: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string | null;
            /** @enum {string} */
            entity: "policy" | "claim" | "quotation" | "renewal" | "dispute" | "endorsement";
            id: string;
            /**
             * Format: int32
             * @description The {SEQ:n} value the next number takes
             */
            nextSequence: number;
            pattern: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        InvalidTransitionDetails: {
            /** @description The action refused */
            action: string;
            /** @description The states it is allowed from */
            allowedFrom: string[];
            /** @description The state the record is in */
            from: string;
        };
        /** @description An investment product */
        InvestmentProduct: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string | null;
            id: string;
            minInvestment: components["schemas"]["Money"];
            name: string;
            /**
             * Format: int32
             * @description From 1 (lowest risk) to 7 (highest)
             */
            riskLevel: number;
            /** @enum {string} */
            status: "draft" | "active" | "closed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description Where mail goes; informational, never makes the service degraded or not ready */
        MailState: {
            message?: string;
            /**
             * @description smtp: sent through SMTP_URL; log: development without SMTP_URL, each mail written whole to the log; not_configured: no SMTP_URL, nothing is sent (in production users must then be created with a password)
             * @enum {string}
             */
            status: "smtp" | "log" | "not_configured";
        };
        /** @description Metadata of a response */
        Meta: {
            /** @description The client's own id of the request: its X-Correlation-Id, otherwise its X-Request-Id, when it matches ^[A-Za-z0-9._:-]{1,128}$; absent otherwise */
            correlationId?: string;
            /**
             * Format: uuid
             * @description The service's own id of the request (UUID v7), also in the X-Request-Id header
             */
            requestId: string;
        };
        /** @description The password was right and MFA is on: sign in again with mfaToken and a code */
        MfaChallenge: {
            /**
             * Format: int32
             * @description mfaToken lifetime, seconds
             */
            expiresIn: number;
            /** @enum {boolean} */
            mfaRequired: true;
            /** @description Send with a code to POST /auth/login; single use, 5 minutes */
            mfaToken: string;
        };
        /** @description An MFA sign-in's second step: the challenge's mfaToken and a code */
        MfaCodeSignIn: {
            /** @description A 6-digit TOTP code or a recovery code */
            code: string;
            /** @description The deviceToken of an earlier sign-in on this device */
            deviceToken?: string;
            mfaToken: string;
        };
        /** @description A new MFA secret with its recovery codes, shown once */
        MfaEnrolment: {
            /** @description For a QR code */
            otpauthUri: string;
            /** @description Ten single-use codes, in place of a TOTP code */
            recoveryCodes: string[];
            /** @description Base32 TOTP secret */
            secret: string;
        };
        /** @description An amount of money, e.g. { "amountMinor": 1250000, "currency": "KES" } */
        Money: {
            /**
             * Format: int64
             * @description In minor units, e.g. cents
             */
            amountMinor: number;
            /** @description ISO 4217, e.g. KES */
            currency: string;
        };
        /** @description One version of a notification template */
        NotificationTemplate: {
            archivedAt: string | null;
            body: string;
            /** @enum {string} */
            channel: "email" | "sms";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            id: string;
            key: string;
            locale: string;
            publishedAt: string | null;
            /** @enum {string} */
            status: "draft" | "published" | "archived";
            subject: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            /**
             * Format: int32
             * @description Numbered from 1 per key, channel and locale
             */
            version: number;
        };
        /** @description An OAuth 2.0 error response (RFC 6749 section 5.2) */
        OAuthError: {
            error: "invalid_request" | "invalid_client" | "unsupported_grant_type";
            error_description: string;
        };
        OAuthTokenResponse: {
            access_token: string;
            /**
             * Format: int32
             * @description Seconds the access token is valid
             */
            expires_in: number;
            /** @enum {string} */
            token_type: "Bearer";
        };
        /** @description An operational policy */
        OperationalPolicy: {
            active: boolean;
            /** @enum {string} */
            category: "kyc" | "payments" | "security" | "data_sharing" | "referrals";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string | null;
            id: string;
            /** @description Dotted, starting with the category, e.g. security.lockoutThreshold */
            key: string;
            name: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            /** @description Any JSON; validated for the keys the service reads */
            value: unknown;
        };
        /** @description Metadata of a page of a list */
        PageMeta: {
            /** @description The client's own id of the request: its X-Correlation-Id, otherwise its X-Request-Id, when it matches ^[A-Za-z0-9._:-]{1,128}$; absent otherwise */
            correlationId?: string;
            page: {
                /**
                 * Format: int32
                 * @description The page size applied
                 */
                limit: number;
                /** @description Pass as `cursor` for the next page; null on the last page */
                nextCursor: string | null;
            };
            /**
             * Format: uuid
             * @description The service's own id of the request (UUID v7), also in the X-Request-Id header
             */
            requestId: string;
        };
        /** @description The first step: email and password */
        PasswordSignIn: {
            /** @description The deviceToken of an earlier sign-in on this device */
            deviceToken?: string;
            /** Format: email */
            email: string;
            password: string;
        };
        /** @description A permission of the catalogue */
        Permission: {
            description: string;
            /** @description e.g. user:read */
            name: string;
        };
        /** @description An insurance policy */
        Policy: {
            /**
             * Format: uuid
             * @description The agent (a user) the policy belongs to
             */
            agentId: string;
            cancellationEffectiveDate: string | null;
            cancellationReason: string | null;
            cancelledAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            effectiveFrom: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            effectiveTo: string;
            expiredAt: string | null;
            holder: {
                email: string | null;
                name: string;
                nationalId: string | null;
                phone: string | null;
            };
            /** Format: uuid */
            id: string;
            insurerId: string;
            lapsedAt: string | null;
            /** @description From the policy identifier pattern, e.g. POL-2026-000042 */
            policyNumber: string;
            premium: components["schemas"]["Money"];
            /**
             * @description How often the premium is due over the term: annual (one instalment) by default
             * @enum {string}
             */
            premiumFrequency: "annual" | "semi_annual" | "quarterly" | "monthly";
            productCode: string;
            reinstatedAt: string | null;
            renewedFromPolicyId: string | null;
            renewedToPolicyId: string | null;
            /** @enum {string} */
            status: "active" | "lapsed" | "cancelled" | "reinstated" | "expired" | "renewed";
            sumInsured: components["schemas"]["Money"];
            /** @description Cancelled policies: paid premium for the days after the cancellation date, pro rata by days; null otherwise */
            unearnedPremium: components["schemas"]["Money"] | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description An amount of money more than zero, e.g. { "amountMinor": 1250000, "currency": "KES" } */
        PositiveMoney: {
            /**
             * Format: int64
             * @description In minor units, e.g. cents; more than zero
             */
            amountMinor: number;
            /** @description ISO 4217, e.g. KES */
            currency: string;
        };
        /** @description One instalment of a policy's premium */
        PremiumInstalment: {
            amount: components["schemas"]["Money"];
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            dueOn: string;
            /** Format: uuid */
            id: string;
            paidAmount: components["schemas"]["Money"];
            paidAt: string | null;
            /** Format: int32 */
            seq: number;
            /**
             * @description overdue: still due after its day (UTC); paid: paid in full; waived: nothing more is asked
             * @enum {string}
             */
            status: "due" | "paid" | "overdue" | "waived";
        };
        /** @description premium.paid: a premium payment, applied to the oldest instalment still owed */
        PremiumPaidData: {
            amount: components["schemas"]["PositiveMoney"];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            paidAt: string;
            /**
             * Format: plain-text
             * @description The policy the premium was paid for, e.g. POL-2026-000042
             */
            policyNumber: string;
            /**
             * Format: plain-text
             * @description The payment's reference: unique on the policy, so the same payment is recorded once
             */
            reference: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A premium payment on one instalment */
        PremiumPayment: {
            amount: components["schemas"]["Money"];
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            instalmentId: string;
            method: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            paidAt: string;
            /** Format: uuid */
            policyId: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            recordedAt: string;
            /** @description The user or client who recorded it */
            recordedBy: string;
            /** @description Unique on the policy: the same reference twice is 409 */
            reference: string;
        };
        /** @description A quotation, scoped like a policy by its agent and insurer */
        Quotation: {
            /**
             * Format: uuid
             * @description The agent (a user) the quotation belongs to
             */
            agentId: string;
            applicant: {
                email: string | null;
                name: string;
                nationalId: string | null;
                phone: string | null;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** Format: uuid */
            id: string;
            insurerId: string;
            policyId: string | null;
            premium: components["schemas"]["Money"] | null;
            productCode: string;
            /** @description From the quotation identifier pattern, e.g. QUO-2026-000042 */
            quotationNumber: string;
            /** @enum {string} */
            status: "requested" | "quoted" | "accepted" | "withdrawn" | "expired";
            sumInsured: components["schemas"]["Money"];
            terms: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            validUntil: string | null;
        };
        /** @description An event of the identity registry */
        RegistryEvent: {
            /** @description identity.* events: { email or userId, nationalId, reference }; premium.paid: PremiumPaidData (checked as the body is) */
            data: {
                [key: string]: unknown;
            };
            /** @description Unique per event; equals the webhook-id header */
            eventId: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurredAt: string;
            /** @description e.g. identity.verified, premium.paid */
            type: string;
        } & unknown;
        /** @description What became of a registry event */
        RegistryEventReceipt: {
            eventId: string;
            /**
             * @description queued: it will be processed; ignored: a type not acted upon
             * @enum {string}
             */
            status: "queued" | "ignored";
        };
        /** @description A registry event as received and where it stands; the payload is not shown (it holds personal data) */
        RegistryEventRecord: {
            /**
             * Format: int32
             * @description Runs of the job applying it so far
             */
            attempts: number;
            eventId: string;
            lastError: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurredAt: string;
            processedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            receivedAt: string;
            requestId: string | null;
            /**
             * @description queued: waiting for a worker; processed: applied; ignored: a type not acted upon; failed: could not be applied (lastError says why), retried with backoff
             * @enum {string}
             */
            status: "queued" | "processed" | "ignored" | "failed";
            /** @description e.g. identity.verified */
            type: string;
        };
        /** @description A renewal: the next term of a policy, scoped like its policy */
        Renewal: {
            /** Format: uuid */
            agentId: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            declineReason: string | null;
            /** Format: uuid */
            id: string;
            insurerId: string;
            newPolicyId: string | null;
            offeredPremium: components["schemas"]["Money"] | null;
            offerExpiresAt: string | null;
            /** Format: uuid */
            policyId: string;
            policyNumber: string;
            proposedPremium: components["schemas"]["Money"];
            renewalNumber: string;
            /** @enum {string} */
            status: "pending" | "offered" | "accepted" | "declined" | "lapsed" | "converted";
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            termFrom: string;
            /**
             * Format: date
             * @description A calendar date, YYYY-MM-DD
             */
            termTo: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A named set of permissions */
        Role: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Sorted by name */
            permissions: string[];
            /** @description Seeded by the service: cannot be renamed or deleted */
            system: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A live session: one signed-in device, its refresh tokens one family */
        Session: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** @description The session of this request */
            current: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            expiresAt: string;
            /** Format: uuid */
            familyId: string;
            ip: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            lastUsedAt: string;
            userAgent: string | null;
        };
        /** @description A completed sign-in: the tokens of the new session, the signed-in user and a device token */
        SignedIn: {
            /** @description Send as `Authorization: Bearer <accessToken>` */
            accessToken: string;
            /** @description Opaque, valid 180 days: send it as deviceToken with later sign-ins from this device, so failures of others on your email never lock you out */
            deviceToken: string;
            /**
             * Format: int32
             * @description Access token lifetime, seconds
             */
            expiresIn: number;
            /**
             * Format: uuid
             * @description The session (device) these tokens belong to
             */
            familyId: string;
            /** @description Single use: POST /auth/refresh returns the next one */
            refreshToken: string;
            /** @enum {string} */
            tokenType: "Bearer";
            user: components["schemas"]["User"];
        };
        /** @description The placeholders the service fills in a template of one key, for every channel */
        TemplatePlaceholders: {
            /** @description What the template of this key is for */
            description: string;
            /**
             * @description What the template is for; each key supplies its own placeholders
             * @enum {string}
             */
            key: "password_reset" | "set_password" | "premium_overdue";
            placeholders: {
                /** @description What the service fills in, and where it may stand */
                description: string;
                /** @description Written {{name}} in a subject or body */
                name: string;
            }[];
        };
        /** @description One event of a policy timeline */
        TimelineEvent: {
            /**
             * @deprecated
             * @description Deprecated: use recordedBy; kept until the next release (see CHANGELOG.md)
             */
            actor: string;
            /** @description What a reader needs about the event */
            data: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            occurredAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            recordedAt: string;
            /** @description Who made the change: a user or client id, or system / webhook */
            recordedBy: string;
            requestId: string | null;
            subjectId: string;
            /** @description The record that changed: policy, endorsement, claim, renewal */
            subjectType: string;
            /** @description e.g. policy.issued, endorsement.approved, policy.cancelled */
            type: string;
        };
        /** @description The tokens of a session and the signed-in user */
        TokenPair: {
            /** @description Send as `Authorization: Bearer <accessToken>` */
            accessToken: string;
            /**
             * Format: int32
             * @description Access token lifetime, seconds
             */
            expiresIn: number;
            /**
             * Format: uuid
             * @description The session (device) these tokens belong to
             */
            familyId: string;
            /** @description Single use: POST /auth/refresh returns the next one */
            refreshToken: string;
            /** @enum {string} */
            tokenType: "Bearer";
            user: components["schemas"]["User"];
        };
        /** @description A back-office user; never a password hash, MFA secret or token */
        User: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            email: string;
            /** Format: uuid */
            id: string;
            /** @description The insurer the user works for; null for platform staff */
            insurerId: string | null;
            /**
             * @description As reported by the identity registry
             * @enum {string}
             */
            kycStatus: "unverified" | "verified" | "rejected" | "revoked";
            lastLoginAt: string | null;
            locale: string;
            mfaEnabled: boolean;
            name: string;
            phone: string | null;
            roles: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            /**
             * @description pending until activated; locked: kept out until activated again (failed sign-ins never lock an account, only the email or device token tried)
             * @enum {string}
             */
            status: "pending" | "active" | "suspended" | "locked" | "archived";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description One entry per offending field */
        ValidationErrorDetails: {
            /** @description The rule it breaks: required, format, enum, ... */
            constraint: string;
            /** @description Where it was sent: body.email, query.limit, params.id */
            field: string;
            /** @description For people; may change */
            message: string;
        }[];
        /** @description One event sent to one endpoint, with every attempt */
        WebhookDelivery: {
            /** @description Every attempt, oldest first (15 at most: DELIVERY_RETRIES) */
            attempts: {
                /** Format: int32 */
                attempt: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                attemptedAt: string;
                /** Format: int32 */
                durationMs: number;
                error: string | null;
                responseCode: number | null;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            deliveredAt: string | null;
            durationMs: number | null;
            error: string | null;
            /** @description The event, also the webhook-id the receiver deduplicates by */
            eventId: string;
            eventType: string;
            /** Format: uuid */
            id: string;
            nextRetryAt: string | null;
            responseCode: number | null;
            /**
             * @description pending: not yet delivered (nextRetryAt says when it is tried again); failed: every retry failed
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed" | "cancelled";
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A webhook endpoint; never its secret */
        WebhookEndpoint: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** @description The user or client whose data scope the endpoint hears of */
            createdBy: string;
            description: string | null;
            disabledAt: string | null;
            disabledBy: string | null;
            events: string[];
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            insurerId: string | null;
            previousSecretExpiresAt: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            statusReason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            url: string;
        };
        WebhookEndpointWithSecret: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** @description The user or client whose data scope the endpoint hears of */
            createdBy: string;
            description: string | null;
            disabledAt: string | null;
            disabledBy: string | null;
            events: string[];
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            insurerId: string | null;
            previousSecretExpiresAt: string | null;
            /** @description The signing secret (whsec_ and base64): shown once, here. Verify webhook-signature with it. */
            secret: string;
            /** @enum {string} */
            status: "enabled" | "disabled";
            statusReason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            url: string;
        };
    };
    responses: {
        /**
         * @description Bad Request; error.code is one of:
         *
         *     - `VALIDATION_ERROR`: The request breaks the schema or a field rule; `details` names each field.
         */
        "400_VALIDATION_ERROR": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "VALIDATION_ERROR";
                        details?: components["schemas"]["ValidationErrorDetails"];
                    };
                };
            };
        };
        /**
         * @description Bad Request; error.code is one of:
         *
         *     - `VALIDATION_ERROR`: The request breaks the schema or a field rule; `details` names each field.
         *     - `MALFORMED_JSON`: The body is not valid JSON (or nests deeper than the service reads).
         */
        "400_VALIDATION_ERROR_MALFORMED_JSON": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "VALIDATION_ERROR" | "MALFORMED_JSON";
                    } & ({
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details?: components["schemas"]["ValidationErrorDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "MALFORMED_JSON";
                    });
                };
            };
        };
        /**
         * @description Bad Request; error.code is one of:
         *
         *     - `VALIDATION_ERROR`: The request breaks the schema or a field rule; `details` names each field.
         *     - `MALFORMED_JSON`: The body is not valid JSON (or nests deeper than the service reads).
         *     - `INVALID_SIGNATURE`: A webhook delivery whose signature does not verify.
         */
        "400_VALIDATION_ERROR_MALFORMED_JSON_INVALID_SIGNATURE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "VALIDATION_ERROR" | "MALFORMED_JSON" | "INVALID_SIGNATURE";
                    } & ({
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details?: components["schemas"]["ValidationErrorDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "MALFORMED_JSON" | "INVALID_SIGNATURE";
                    });
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `INVALID_CREDENTIALS`: The email or password is incorrect (the same answer for an unknown email).
         *     - `INVALID_MFA_CODE`: The TOTP or recovery code is not valid.
         */
        "401_INVALID_CREDENTIALS_INVALID_MFA_CODE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVALID_CREDENTIALS" | "INVALID_MFA_CODE";
                    };
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `INVALID_REFRESH_TOKEN`: The refresh token is invalid, expired or revoked; sign in again.
         */
        "401_INVALID_REFRESH_TOKEN": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVALID_REFRESH_TOKEN";
                    };
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `UNAUTHENTICATED`: No valid access token was sent.
         */
        "401_UNAUTHENTICATED": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `UNAUTHENTICATED`: No valid access token was sent.
         *     - `TOKEN_EXPIRED`: The access token has expired; refresh it.
         *     - `SESSION_REVOKED`: The session was ended (sign-out, suspension, a password change); sign in again.
         */
        "401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED" | "TOKEN_EXPIRED" | "SESSION_REVOKED";
                    };
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `UNAUTHENTICATED`: No valid access token was sent.
         *     - `TOKEN_EXPIRED`: The access token has expired; refresh it.
         *     - `SESSION_REVOKED`: The session was ended (sign-out, suspension, a password change); sign in again.
         *     - `INVALID_CREDENTIALS`: The email or password is incorrect (the same answer for an unknown email).
         */
        "401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_CREDENTIALS": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED" | "TOKEN_EXPIRED" | "SESSION_REVOKED" | "INVALID_CREDENTIALS";
                    };
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `UNAUTHENTICATED`: No valid access token was sent.
         *     - `TOKEN_EXPIRED`: The access token has expired; refresh it.
         *     - `SESSION_REVOKED`: The session was ended (sign-out, suspension, a password change); sign in again.
         *     - `INVALID_CREDENTIALS`: The email or password is incorrect (the same answer for an unknown email).
         *     - `INVALID_MFA_CODE`: The TOTP or recovery code is not valid.
         */
        "401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_CREDENTIALS_INVALID_MFA_CODE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED" | "TOKEN_EXPIRED" | "SESSION_REVOKED" | "INVALID_CREDENTIALS" | "INVALID_MFA_CODE";
                    };
                };
            };
        };
        /**
         * @description Unauthorized; error.code is one of:
         *
         *     - `UNAUTHENTICATED`: No valid access token was sent.
         *     - `TOKEN_EXPIRED`: The access token has expired; refresh it.
         *     - `SESSION_REVOKED`: The session was ended (sign-out, suspension, a password change); sign in again.
         *     - `INVALID_REFRESH_TOKEN`: The refresh token is invalid, expired or revoked; sign in again.
         */
        "401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_REFRESH_TOKEN": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "UNAUTHENTICATED" | "TOKEN_EXPIRED" | "SESSION_REVOKED" | "INVALID_REFRESH_TOKEN";
                    };
                };
            };
        };
        /**
         * @description Forbidden; error.code is one of:
         *
         *     - `ACCOUNT_NOT_ACTIVE`: The account is not active (pending, suspended, archived).
         */
        "403_ACCOUNT_NOT_ACTIVE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "ACCOUNT_NOT_ACTIVE";
                    };
                };
            };
        };
        /**
         * @description Forbidden; error.code is one of:
         *
         *     - `ACCOUNT_NOT_ACTIVE`: The account is not active (pending, suspended, archived).
         *     - `FORBIDDEN`: The caller lacks a permission (`details.missingPermissions`) or a rule forbids them (`details.reason`).
         */
        "403_ACCOUNT_NOT_ACTIVE_FORBIDDEN": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "ACCOUNT_NOT_ACTIVE" | "FORBIDDEN";
                    } & ({
                        /** @constant */
                        code?: "FORBIDDEN";
                        details?: components["schemas"]["ForbiddenDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "ACCOUNT_NOT_ACTIVE";
                    });
                };
            };
        };
        /**
         * @description Not Found; error.code is one of:
         *
         *     - `NOT_FOUND`: No such record, or none the caller may see: the two answer alike.
         */
        "404_NOT_FOUND": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
        };
        /**
         * @description Not Found; error.code is one of:
         *
         *     - `NOT_FOUND`: No such record, or none the caller may see: the two answer alike.
         */
        "404_NOT_FOUND_2": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "NOT_FOUND";
                    };
                };
            };
        };
        /**
         * @description Conflict; error.code is one of:
         *
         *     - `CONFLICT`: The change collides with the current state (a duplicate name or number).
         */
        "409_CONFLICT": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "CONFLICT";
                    };
                };
            };
        };
        /**
         * @description Conflict; error.code is one of:
         *
         *     - `IDEMPOTENCY_CONFLICT`: An Idempotency-Key reused with another request, or while its first request is still running.
         */
        "409_IDEMPOTENCY_CONFLICT": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "IDEMPOTENCY_CONFLICT";
                    };
                };
            };
        };
        /**
         * @description Conflict; error.code is one of:
         *
         *     - `IDEMPOTENCY_CONFLICT`: An Idempotency-Key reused with another request, or while its first request is still running.
         *     - `CONFLICT`: The change collides with the current state (a duplicate name or number).
         */
        "409_IDEMPOTENCY_CONFLICT_CONFLICT": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "IDEMPOTENCY_CONFLICT" | "CONFLICT";
                    };
                };
            };
        };
        /**
         * @description Payload Too Large; error.code is one of:
         *
         *     - `PAYLOAD_TOO_LARGE`: The body is larger than the route takes.
         */
        "413_PAYLOAD_TOO_LARGE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
        };
        /**
         * @description Unsupported Media Type; error.code is one of:
         *
         *     - `UNSUPPORTED_MEDIA_TYPE`: A body that is not application/json.
         */
        "415_UNSUPPORTED_MEDIA_TYPE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `APPEAL_LIMIT_REACHED`: A repudiated claim can be appealed once.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_APPEAL_LIMIT_REACHED_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "APPEAL_LIMIT_REACHED" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "APPEAL_LIMIT_REACHED";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    };
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         */
        "422_INVARIANT_VIOLATION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION";
                    };
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         *     - `ARREARS_OUTSTANDING`: A lapsed policy is reinstated only once its overdue instalments are paid; `details` lists them and their sum.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_INVARIANT_VIOLATION_ARREARS_OUTSTANDING_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "ARREARS_OUTSTANDING" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "ARREARS_OUTSTANDING";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_INVARIANT_VIOLATION_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         *     - `PAYMENT_EXCEEDS_DUE`: A premium payment above what is still due on its instalment.
         */
        "422_INVARIANT_VIOLATION_PAYMENT_EXCEEDS_DUE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "PAYMENT_EXCEEDS_DUE";
                    };
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         *     - `PAYMENT_LIMIT_EXCEEDED`: A single payment is above the `maxSinglePaymentMinor` setting.
         *     - `KYC_NOT_VERIFIED`: Payouts need the policy's agent to be KYC-verified (`requireVerifiedForPayout`).
         *     - `PAYMENT_EXCEEDS_SETTLEMENT`: The payments would exceed the settled amount.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_INVARIANT_VIOLATION_PAYMENT_LIMIT_EXCEEDED_KYC_NOT_VERIFIED_PAYMENT_EXCEEDS_SETTLEMENT_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "PAYMENT_LIMIT_EXCEEDED" | "KYC_NOT_VERIFIED" | "PAYMENT_EXCEEDS_SETTLEMENT" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "PAYMENT_LIMIT_EXCEEDED" | "KYC_NOT_VERIFIED" | "PAYMENT_EXCEEDS_SETTLEMENT";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         *     - `SETTLEMENT_EXCEEDS_COVER`: The settlement exceeds the claimed amount or the sum insured.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_INVARIANT_VIOLATION_SETTLEMENT_EXCEEDS_COVER_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "SETTLEMENT_EXCEEDS_COVER" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "INVARIANT_VIOLATION" | "SETTLEMENT_EXCEEDS_COVER";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `OFFER_EXPIRED`: The renewal offer has expired; the renewal lapses at the next sweep.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_OFFER_EXPIRED_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "OFFER_EXPIRED" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "OFFER_EXPIRED";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `OFFER_EXPIRED`: The renewal offer has expired; the renewal lapses at the next sweep.
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_OFFER_EXPIRED_INVARIANT_VIOLATION_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "OFFER_EXPIRED" | "INVARIANT_VIOLATION" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "OFFER_EXPIRED" | "INVARIANT_VIOLATION";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `OUTSTANDING_PAYMENTS`: A claim closes only once its settlement is fully paid.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_OUTSTANDING_PAYMENTS_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "OUTSTANDING_PAYMENTS" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "OUTSTANDING_PAYMENTS";
                    });
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `POLICY_NOT_ACTIVE`: Claims can be filed only on active or reinstated policies.
         *     - `INCIDENT_OUTSIDE_COVER`: The incident date is outside the policy's period.
         *     - `INVARIANT_VIOLATION`: The change would break a business rule; the message says which.
         */
        "422_POLICY_NOT_ACTIVE_INCIDENT_OUTSIDE_COVER_INVARIANT_VIOLATION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "POLICY_NOT_ACTIVE" | "INCIDENT_OUTSIDE_COVER" | "INVARIANT_VIOLATION";
                    };
                };
            };
        };
        /**
         * @description Unprocessable Entity; error.code is one of:
         *
         *     - `REINSTATEMENT_WINDOW_EXPIRED`: A policy is reinstated only within its window after cancellation or lapse.
         *     - `ARREARS_OUTSTANDING`: A lapsed policy is reinstated only once its overdue instalments are paid; `details` lists them and their sum.
         *     - `INVALID_TRANSITION`: The action is not allowed from the record's state; `details` gives `from`, `action` and `allowedFrom`.
         */
        "422_REINSTATEMENT_WINDOW_EXPIRED_ARREARS_OUTSTANDING_INVALID_TRANSITION": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "REINSTATEMENT_WINDOW_EXPIRED" | "ARREARS_OUTSTANDING" | "INVALID_TRANSITION";
                    } & ({
                        /** @constant */
                        code?: "INVALID_TRANSITION";
                        details?: components["schemas"]["InvalidTransitionDetails"];
                    } | {
                        /** @enum {unknown} */
                        code?: "REINSTATEMENT_WINDOW_EXPIRED" | "ARREARS_OUTSTANDING";
                    });
                };
            };
        };
        /**
         * @description Too Many Requests; error.code is one of:
         *
         *     - `RATE_LIMITED`: Too many requests or failed sign-ins; wait for `Retry-After` seconds.
         */
        "429_RATE_LIMITED": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "RATE_LIMITED";
                    };
                };
            };
        };
        /**
         * @description Internal Server Error; error.code is one of:
         *
         *     - `INTERNAL_ERROR`: An unexpected error; quote the requestId when reporting it.
         */
        "500_INTERNAL_ERROR": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
        };
        /**
         * @description Internal Server Error; error.code is one of:
         *
         *     - `INTERNAL_ERROR`: An unexpected error; quote the requestId when reporting it.
         */
        "500_INTERNAL_ERROR_2": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
        };
        /**
         * @description Service Unavailable; error.code is one of:
         *
         *     - `SERVICE_UNAVAILABLE`: PostgreSQL cannot be reached or has no connection free now; nothing was changed, retry after Retry-After.
         */
        "503_SERVICE_UNAVAILABLE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
        /**
         * @description Service Unavailable; error.code is one of:
         *
         *     - `SERVICE_UNAVAILABLE`: PostgreSQL cannot be reached or has no connection free now; nothing was changed, retry after Retry-After.
         */
        "503_SERVICE_UNAVAILABLE_2": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
        /**
         * @description Service Unavailable; error.code is one of:
         *
         *     - `SERVICE_UNAVAILABLE`: PostgreSQL cannot be reached or has no connection free now; nothing was changed, retry after Retry-After.
         *     - `NOT_LIVE`: Liveness: the database pool has had requests waiting with no connection freed for LIVENESS_POOL_STALL_S; restart the process.
         */
        "503_SERVICE_UNAVAILABLE_NOT_LIVE": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "SERVICE_UNAVAILABLE" | "NOT_LIVE";
                    };
                };
            };
        };
        /**
         * @description Service Unavailable; error.code is one of:
         *
         *     - `SERVICE_UNAVAILABLE`: PostgreSQL cannot be reached or has no connection free now; nothing was changed, retry after Retry-After.
         *     - `NOT_READY`: The service is starting or lost a dependency; readiness says which.
         */
        "503_SERVICE_UNAVAILABLE_NOT_READY": {
            headers: {
                "API-Version": components["headers"]["API-Version"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: {
                        /** @enum {unknown} */
                        code?: "SERVICE_UNAVAILABLE" | "NOT_READY";
                    };
                };
            };
        };
    };
    parameters: {
        /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
        CorrelationId: string;
        /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
        IdempotencyKey: string;
        /** @description W3C trace context: the request and the jobs it causes continue this trace */
        Traceparent: string;
    };
    requestBodies: never;
    headers: {
        /** @description The version of this API */
        "API-Version": string;
        /** @description Present on the stored answer to a repeated Idempotency-Key: nothing was done again */
        "Idempotent-Replayed": "true";
        /** @description Requests allowed in the current window */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window starts again */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before trying again */
        "Retry-After": number;
        /** @description The service's id of this request: every log line, job and audit entry of it carries it */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listApiClients: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                /** @description Only clients of this insurer */
                insurerId?: string;
                limit?: number;
                /** @description Case-insensitive substring of name */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "name" | "-name")[];
                status?: "active" | "revoked";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiClient"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createApiClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The insurer whose records the client sees (scope insurer: yours) */
                    insurerId?: string;
                    /** Format: plain-text */
                    name: string;
                    roleIds: string[];
                };
            };
        };
        responses: {
            /** @description The client created, with its secret */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiClientWithSecret"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getApiClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The API client's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiClient"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    revokeApiClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The API client's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    rotateApiClientSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The API client's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client, with its new secret */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiClientWithSecret"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description Only entries of this action, e.g. user.suspend */
                action?: string;
                /** @description Only entries by this actor (a user id, system, webhook or anonymous) */
                actorId?: string;
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                /** @description Entries that occurred at or after this time */
                from?: string;
                limit?: number;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-occurredAt`. */
                sort?: ("occurredAt" | "-occurredAt")[];
                /** @description Only entries about this subject */
                subjectId?: string;
                /** @description Only entries about this kind of subject, e.g. user */
                subjectType?: string;
                /** @description Entries that occurred before this time */
                to?: string;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    verifyAuditChain: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: int64 */
                            checked: number;
                            firstInvalidSeq: number | null;
                            valid: boolean;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @description The deviceToken of an earlier sign-in on this device */
                    deviceToken?: string;
                    /** @description 12 to 128 characters, not the email */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_CREDENTIALS"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            status: "accepted";
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description { email, password } or { mfaToken, code }, either with the deviceToken of an earlier sign-in */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordSignIn"] | components["schemas"]["MfaCodeSignIn"];
            };
        };
        responses: {
            /** @description Signed in, or an MFA challenge */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"] | components["schemas"]["MfaChallenge"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_INVALID_CREDENTIALS_INVALID_MFA_CODE"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_REFRESH_TOKEN"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    logoutAll: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CurrentUser"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    disableMfa: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A 6-digit TOTP code or a recovery code */
                    code: string;
                    /** @description The deviceToken of an earlier sign-in on this device */
                    deviceToken?: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_CREDENTIALS_INVALID_MFA_CODE"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    setupMfa: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enrolment */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MfaEnrolment"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    verifyMfa: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    /** @description The deviceToken of an earlier sign-in on this device */
                    deviceToken?: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED_INVALID_CREDENTIALS_INVALID_MFA_CODE"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    refreshTokens: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description The new tokens */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TokenPair"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_INVALID_REFRESH_TOKEN"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 12 to 128 characters, not the email */
                    newPassword: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions, the 100 most recently used at most */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"][];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The session (from GET /auth/sessions)'s id */
                familyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    issueClientToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Or in HTTP Basic */
                    client_id?: string;
                    /** @description Or in HTTP Basic */
                    client_secret?: string;
                    /** @description client_credentials */
                    grant_type: string;
                    /** @description Ignored: a client acts with its roles */
                    scope?: string;
                } & {
                    [key: string]: unknown;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Or in HTTP Basic */
                    client_id?: string;
                    /** @description Or in HTTP Basic */
                    client_secret?: string;
                    /** @description client_credentials */
                    grant_type: string;
                    /** @description Ignored: a client acts with its roles */
                    scope?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthTokenResponse"];
                };
            };
            /** @description invalid_request or unsupported_grant_type */
            400: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description invalid_client: the id and secret name no active client */
            401: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listCatastropheEvents: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of the name */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "startsOn" | "-startsOn" | "name" | "-name")[];
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CatastropheEvent"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getCatastropheEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description Chosen by the client, e.g. FLOOD-2026-04-NAIROBI */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CatastropheEvent"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    upsertCatastropheEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description Chosen by the client, e.g. FLOOD-2026-04-NAIROBI */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endsOn?: string | null;
                    /** Format: plain-text */
                    name: string;
                    /**
                     * Format: plain-text
                     * @description e.g. flood, storm, earthquake, wildfire, drought
                     */
                    peril: string;
                    /** Format: plain-text */
                    region: string;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    startsOn: string;
                };
            };
        };
        responses: {
            /** @description The event, updated */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CatastropheEvent"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description The event, created */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CatastropheEvent"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listClaims: {
        parameters: {
            query?: {
                /** @description The agent's id */
                agentId?: string;
                /** @description Chosen by the client, e.g. FLOOD-2026-04-NAIROBI */
                catastropheEventId?: string;
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description The policy's id */
                policyId?: string;
                /** @description Case-insensitive substring of claim number or description */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "incidentDate" | "-incidentDate" | "claimNumber" | "-claimNumber")[];
                /** @description Only claims in this status */
                status?: "filed" | "under_review" | "investigation" | "awaiting_documents" | "settled" | "repudiated" | "withdrawn" | "appealed" | "closed";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Claim"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    fileClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Chosen by the client, e.g. FLOOD-2026-04-NAIROBI */
                    catastropheEventId?: string;
                    claimedAmount: components["schemas"]["PositiveMoney"];
                    /** Format: plain-text */
                    description: string;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    incidentDate: string;
                    /**
                     * Format: uuid
                     * @description The policy's id
                     */
                    policyId: string;
                };
            };
        };
        responses: {
            /** @description The claim, filed */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_POLICY_NOT_ACTIVE_INCIDENT_OUTSIDE_COVER_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    appealClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text-block */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_APPEAL_LIMIT_REACHED_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    assignClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The handler's id
                     */
                    assigneeId: string;
                };
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    closeClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_OUTSTANDING_PAYMENTS_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listClaimDocuments: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDocument"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    addClaimDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    contentType: "application/pdf" | "image/jpeg" | "image/png" | "image/heic" | "image/tiff" | "text/plain" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
                    /**
                     * Format: plain-text
                     * @description A file name, without a path
                     */
                    name: string;
                    sha256: string;
                    /** Format: int32 */
                    sizeBytes: number;
                    /** Format: public-https-url */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The document */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDocument"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listClaimHistory: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimHistoryEntry"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    investigateClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listClaimNotes: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimNote"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    addClaimNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text-block */
                    body: string;
                    /**
                     * @description internal by default; agents: shared
                     * @enum {string}
                     */
                    visibility?: "internal" | "shared";
                };
            };
        };
        responses: {
            /** @description The note */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimNote"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listClaimPayments: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimPayment"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    recordClaimPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: components["schemas"]["PositiveMoney"];
                    /** @enum {string} */
                    method: "bank_transfer" | "mobile_money" | "cheque" | "card";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC with milliseconds
                     */
                    paidAt: string;
                    /** Format: plain-text */
                    reference: string;
                };
            };
        };
        responses: {
            /** @description The payment */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimPayment"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_PAYMENT_LIMIT_EXCEEDED_KYC_NOT_VERIFIED_PAYMENT_EXCEEDS_SETTLEMENT_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    repudiateClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text-block */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    requestClaimDocuments: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    documents?: string[];
                };
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    reviewClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    settleClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: components["schemas"]["PositiveMoney"];
                    /** Format: plain-text-block */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_SETTLEMENT_EXCEEDS_COVER_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    withdrawClaim: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The claim's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text-block */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ClaimDetail"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listDisputes: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of number or reason */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "responseDueAt" | "-responseDueAt" | "disputeNumber" | "-disputeNumber")[];
                /** @description Only disputes in this status */
                status?: "open" | "triaged" | "upheld" | "rejected" | "withdrawn" | "escalated" | "closed";
                subjectId?: string;
                /** @description Only disputes about this kind of record */
                subjectType?: "referral" | "commission" | "payment" | "claim";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    raiseDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text */
                    description?: string;
                    reason: string;
                    subjectId: string;
                    /** @enum {string} */
                    subjectType: "referral" | "commission" | "payment" | "claim";
                };
            };
        };
        responses: {
            /** @description The dispute, open */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The dispute's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dispute */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    resolveDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The dispute's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    outcome: "upheld" | "rejected" | "escalated";
                    resolution: string;
                };
            };
        };
        responses: {
            /** @description The dispute */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    triageDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The dispute's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The handler's id
                     */
                    assigneeId?: string;
                    note?: string;
                    /** @enum {string} */
                    severity: "low" | "medium" | "high" | "critical";
                };
            };
        };
        responses: {
            /** @description The dispute */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    withdrawDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The dispute's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The dispute */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description A cursor from meta.page.nextCursor; none: from the first event */
                after?: string;
                limit?: number;
                /** @description Comma-separated event types: only these */
                types?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the feed */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        meta: components["schemas"]["FeedMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checks */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            checks: {
                                database: components["schemas"]["HealthCheck"];
                                queues: components["schemas"]["HealthCheck"];
                                redis: components["schemas"]["HealthCheck"];
                            };
                            mail: components["schemas"]["MailState"];
                            /** @description Why the status is degraded; empty when ok */
                            problems: string[];
                            /** @description The read replicas (only with DATABASE_READ_URL); readiness never depends on them */
                            replicas?: components["schemas"]["HealthReplica"][];
                            /** @enum {string} */
                            status: "ok" | "degraded";
                            work?: components["schemas"]["HealthWork"];
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            500: components["responses"]["500_INTERNAL_ERROR"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE"];
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            status: "ok";
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            500: components["responses"]["500_INTERNAL_ERROR"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_NOT_LIVE"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            checks: {
                                database: components["schemas"]["HealthCheck"];
                                migrations: components["schemas"]["HealthCheck"];
                                redis: components["schemas"]["HealthCheck"];
                            };
                            /** @enum {string} */
                            status: "ready";
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            500: components["responses"]["500_INTERNAL_ERROR"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_NOT_READY"];
        };
    };
    listIdPatterns: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of entity, pattern or description */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "entity" | "-entity" | "pattern" | "-pattern")[];
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IdPattern"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createIdPattern: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    /** Format: plain-text */
                    description?: string;
                    /** @enum {string} */
                    entity: "policy" | "claim" | "quotation" | "renewal" | "dispute" | "endorsement";
                    /** @description Literal letters, digits, - _ / . and the tokens {YYYY} {YY} {MM} {DD} (UTC), {SEQ:n} (the gapless sequence, n 4..12), {RAND:n} (random capitals and digits, n 4..12); needs {SEQ:n} or a {RAND:n} of at least 6 */
                    pattern: string;
                };
            };
        };
        responses: {
            /** @description The pattern */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IdPattern"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getIdPattern: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The identifier pattern's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pattern */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IdPattern"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateIdPattern: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The identifier pattern's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string | null;
                    /** @description Literal letters, digits, - _ / . and the tokens {YYYY} {YY} {MM} {DD} (UTC), {SEQ:n} (the gapless sequence, n 4..12), {RAND:n} (random capitals and digits, n 4..12); needs {SEQ:n} or a {RAND:n} of at least 6 */
                    pattern?: string;
                };
            };
        };
        responses: {
            /** @description The pattern */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IdPattern"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listInvestmentProducts: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of the name */
                q?: string;
                /** @description From 1 (lowest risk) to 7 (highest) */
                riskLevel?: number;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "name" | "-name" | "riskLevel" | "-riskLevel")[];
                /** @description Only products in this status */
                status?: "draft" | "active" | "closed";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InvestmentProduct"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createInvestmentProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text */
                    description?: string;
                    minInvestment: components["schemas"]["Money"];
                    /** Format: plain-text */
                    name: string;
                    /**
                     * Format: int32
                     * @description From 1 (lowest risk) to 7 (highest)
                     */
                    riskLevel: number;
                };
            };
        };
        responses: {
            /** @description The product, draft */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InvestmentProduct"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getInvestmentProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The investment product's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The investment product */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InvestmentProduct"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateInvestmentProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The investment product's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    minInvestment?: components["schemas"]["Money"];
                    /** Format: plain-text */
                    name?: string;
                    /**
                     * Format: int32
                     * @description From 1 (lowest risk) to 7 (highest)
                     */
                    riskLevel?: number;
                    /** @enum {string} */
                    status?: "draft" | "active" | "closed";
                };
            };
        };
        responses: {
            /** @description The investment product */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InvestmentProduct"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics, in the Prometheus text format */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED"];
            404: components["responses"]["404_NOT_FOUND"];
            500: components["responses"]["500_INTERNAL_ERROR"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE"];
        };
    };
    listNotificationTemplates: {
        parameters: {
            query?: {
                channel?: "email" | "sms";
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                /** @description What the template is for; each key supplies its own placeholders */
                key?: "password_reset" | "set_password" | "premium_overdue";
                limit?: number;
                /** @description e.g. en, sw, fr-CA */
                locale?: string;
                /** @description Case-insensitive substring of key, subject or body */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "key" | "-key" | "version" | "-version")[];
                /** @description Only templates in this status */
                status?: "draft" | "published" | "archived";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createNotificationTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: plain-text-block
                     * @description May use {{placeholders}}
                     */
                    body: string;
                    /** @enum {string} */
                    channel: "email" | "sms";
                    /**
                     * @description What the template is for; each key supplies its own placeholders
                     * @enum {string}
                     */
                    key: "password_reset" | "set_password" | "premium_overdue";
                    /** @description e.g. en, sw, fr-CA */
                    locale: string;
                    /**
                     * Format: plain-text
                     * @description Email only; may use {{placeholders}}
                     */
                    subject?: string;
                };
            };
        };
        responses: {
            /** @description The template, draft */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getNotificationTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The template's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateNotificationTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The template's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: plain-text-block
                     * @description May use {{placeholders}}
                     */
                    body?: string;
                    /**
                     * Format: plain-text
                     * @description Email only; may use {{placeholders}}
                     */
                    subject?: string;
                };
            };
        };
        responses: {
            /** @description The template */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    archiveNotificationTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The template's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    publishNotificationTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The template's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template, already published */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description The template, now published */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTemplate"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listTemplatePlaceholders: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys and their placeholders */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TemplatePlaceholders"][];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listOperationalPolicies: {
        parameters: {
            query?: {
                /** @description Only this category */
                category?: "kyc" | "payments" | "security" | "data_sharing" | "referrals";
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of key or name */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "key" | "-key" | "name" | "-name" | "category" | "-category")[];
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OperationalPolicy"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createOperationalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    /** @enum {string} */
                    category: "kyc" | "payments" | "security" | "data_sharing" | "referrals";
                    /** Format: plain-text */
                    description?: string;
                    key: string;
                    /** Format: plain-text */
                    name: string;
                    /** @description Any JSON value but null, at most 16 KiB as JSON text */
                    value: unknown;
                };
            };
        };
        responses: {
            /** @description The operational policy */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OperationalPolicy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getOperationalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The operational policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operational policy */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OperationalPolicy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateOperationalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The operational policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string | null;
                    /** Format: plain-text */
                    name?: string;
                    /** @description Any JSON value but null, at most 16 KiB as JSON text */
                    value?: unknown;
                };
            };
        };
        responses: {
            /** @description The operational policy */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OperationalPolicy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listPermissions: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Permission"][];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listPolicies: {
        parameters: {
            query?: {
                /** @description The agent's id */
                agentId?: string;
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                /** @description Only policies whose effectiveTo is on or before this date */
                effectiveToBefore?: string;
                /** @description true: only policies with an instalment still due after its day; false: only those without */
                hasArrears?: boolean;
                /** @description Only policies of this insurer */
                insurerId?: string;
                limit?: number;
                /** @description Only policies with an instalment still due on or before this date */
                premiumDueBefore?: string;
                /** @description Case-insensitive substring of policy number or holder name */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "effectiveFrom" | "-effectiveFrom" | "effectiveTo" | "-effectiveTo" | "policyNumber" | "-policyNumber" | "holderName" | "-holderName")[];
                /** @description Only policies in this status */
                status?: "active" | "lapsed" | "cancelled" | "reinstated" | "expired" | "renewed";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Policy"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    issuePolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The agent's id
                     */
                    agentId?: string;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    effectiveFrom: string;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    effectiveTo: string;
                    holder: {
                        /** Format: email */
                        email?: string;
                        /** Format: plain-text */
                        name: string;
                        nationalId?: string;
                        phone?: string;
                    };
                    insurerId?: string;
                    premium: components["schemas"]["PositiveMoney"];
                    /**
                     * @description How often the premium is due over the term: annual (one instalment) by default
                     * @enum {string}
                     */
                    premiumFrequency?: "annual" | "semi_annual" | "quarterly" | "monthly";
                    productCode: string;
                    sumInsured: components["schemas"]["PositiveMoney"];
                };
            };
        };
        responses: {
            /** @description The policy issued */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Policy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Policy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    cancelPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    effectiveDate?: string;
                    /** Format: plain-text-block */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The policy */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Policy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listEndorsements: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Only endorsements in this status */
                status?: "pending" | "approved" | "withdrawn";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Endorsement"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createEndorsement: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the endorsement changes on the policy when approved; money in the policy currency */
                    changes: {
                        /**
                         * Format: date
                         * @description A calendar date, YYYY-MM-DD
                         */
                        effectiveTo?: string;
                        holder?: {
                            email?: string | null;
                            /** Format: plain-text */
                            name?: string;
                            nationalId?: string | null;
                            phone?: string | null;
                        };
                        premium?: components["schemas"]["PositiveMoney"];
                        sumInsured?: components["schemas"]["PositiveMoney"];
                    };
                    /** Format: plain-text */
                    description: string;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    effectiveDate: string;
                    /** @enum {string} */
                    type: "coverage" | "premium" | "holder" | "term" | "other";
                };
            };
        };
        responses: {
            /** @description The endorsement, pending */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Endorsement"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    approveEndorsement: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The endorsement's id */
                endorsementId: string;
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endorsement, approved, and the policy with its changes */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            endorsement: components["schemas"]["Endorsement"];
                            policy: components["schemas"]["Policy"];
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listPolicyPremiums: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy's instalments */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PremiumInstalment"][];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    recordPremiumPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
                /** @description The instalment's id */
                instalmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: components["schemas"]["PositiveMoney"];
                    /** @enum {string} */
                    method: "bank_transfer" | "mobile_money" | "cheque" | "card" | "cash";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC with milliseconds
                     */
                    paidAt: string;
                    /** Format: plain-text */
                    reference: string;
                };
            };
        };
        responses: {
            /** @description The payment recorded */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PremiumPayment"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_PAYMENT_EXCEEDS_DUE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    reinstatePolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text-block */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The policy */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Policy"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_REINSTATEMENT_WINDOW_EXPIRED_ARREARS_OUTSTANDING_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getPolicyTimeline: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimelineEvent"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listQuotations: {
        parameters: {
            query?: {
                /** @description The agent's id */
                agentId?: string;
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                insurerId?: string;
                limit?: number;
                /** @description Case-insensitive substring of quotation number or applicant name */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "validUntil" | "-validUntil" | "quotationNumber" | "-quotationNumber" | "applicantName" | "-applicantName")[];
                /** @description Only quotations in this status */
                status?: "requested" | "quoted" | "accepted" | "withdrawn" | "expired";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Quotation"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    requestQuotation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The agent's id
                     */
                    agentId?: string;
                    applicant: {
                        /** Format: email */
                        email?: string;
                        /** Format: plain-text */
                        name: string;
                        nationalId?: string;
                        phone?: string;
                    };
                    insurerId?: string;
                    productCode: string;
                    sumInsured: components["schemas"]["PositiveMoney"];
                };
            };
        };
        responses: {
            /** @description The quotation, requested */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Quotation"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getQuotation: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The quotation's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quotation */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Quotation"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    acceptQuotation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The quotation's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description The policy's first day; today (UTC) by default
                     */
                    effectiveFrom?: string;
                };
            };
        };
        responses: {
            /** @description The quotation */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Quotation"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    respondToQuotation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The quotation's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    premium: components["schemas"]["PositiveMoney"];
                    terms: string;
                    /**
                     * Format: date
                     * @description A calendar date, YYYY-MM-DD
                     */
                    validUntil: string;
                };
            };
        };
        responses: {
            /** @description The quotation */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Quotation"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    withdrawQuotation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The quotation's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quotation */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Quotation"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    sweepExpiredQuotations: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sweep already waiting or running */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The BullMQ job of the sweep, as Bull Board shows it */
                            jobId: string;
                            /** @description The job state: waiting, active, ... */
                            state: string;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description The sweep queued */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The BullMQ job of the sweep, as Bull Board shows it */
                            jobId: string;
                            /** @description The job state: waiting, active, ... */
                            state: string;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listRenewals: {
        parameters: {
            query?: {
                /** @description The agent's id */
                agentId?: string;
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of renewal or policy number */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "termFrom" | "-termFrom" | "renewalNumber" | "-renewalNumber")[];
                /** @description Only renewals in this status */
                status?: "pending" | "offered" | "accepted" | "declined" | "lapsed" | "converted";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Renewal"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The renewal's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewal */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Renewal"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    acceptRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The renewal's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewal */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Renewal"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_OFFER_EXPIRED_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    convertRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The renewal's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewal, converted, and the new policy */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            policy: components["schemas"]["Policy"];
                            renewal: components["schemas"]["Renewal"];
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_OFFER_EXPIRED_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    declineRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The renewal's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The renewal */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Renewal"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    offerRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The renewal's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the offer lapses
                     */
                    offerExpiresAt: string;
                    premium: components["schemas"]["PositiveMoney"];
                };
            };
        };
        responses: {
            /** @description The renewal */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Renewal"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    generateRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The policy's id */
                policyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewal, pending */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Renewal"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            422: components["responses"]["422_INVARIANT_VIOLATION_ARREARS_OUTSTANDING_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listRoles: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `name`. */
                sort?: ("name" | "-name" | "createdAt" | "-createdAt")[];
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Role"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text */
                    description?: string;
                    name: string;
                    /** @description Names from the permission catalogue (GET /permissions) */
                    permissions?: string[];
                };
            };
        };
        responses: {
            /** @description The role created */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Role"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The role's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The role */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Role"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    deleteRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The role's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_CONFLICT"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The role's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The role */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Role"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    setRolePermissions: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The role's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Names from the permission catalogue (GET /permissions) */
                    permissions: string[];
                };
            };
        };
        responses: {
            /** @description The role */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Role"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getSystemInfo: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The system */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            apiVersion: string;
                            environment: string;
                            name: string;
                            nodeVersion: string;
                            queues: {
                                /** @description Jobs by state */
                                counts: {
                                    [key: string]: number;
                                };
                                name: string;
                            }[];
                            uptimeSeconds: number;
                            version: string;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                /** @description Only users of this insurer */
                insurerId?: string;
                limit?: number;
                /** @description Case-insensitive substring of email or name */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "email" | "-email" | "name" | "-name")[];
                /** @description Only users in this status */
                status?: "pending" | "active" | "suspended" | "locked" | "archived";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    insurerId?: string;
                    /** @description e.g. en, sw, fr-CA */
                    locale?: string;
                    /** Format: plain-text */
                    name: string;
                    /** @description 12 to 128 characters, not the email */
                    password?: string;
                    phone?: string;
                };
            };
        };
        responses: {
            /** @description The user created */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    insurerId?: string | null;
                    /** @description e.g. en, sw, fr-CA */
                    locale?: string;
                    /** Format: plain-text */
                    name?: string;
                    phone?: string | null;
                };
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    activateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    archiveUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    assignRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    roleId: string;
                };
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    removeRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
                /** @description The role's id */
                roleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            422: components["responses"]["422_INVARIANT_VIOLATION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    suspendUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The user's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVARIANT_VIOLATION_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description Case-insensitive substring of URL or description */
                q?: string;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt" | "url" | "-url")[];
                status?: "enabled" | "disabled";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: plain-text */
                    description?: string;
                    /** @description The event types it receives (see GET /events) */
                    events: string[];
                    /** @description https only; never a private, loopback, link-local, CGNAT or cloud-metadata address (checked again after DNS at every delivery); no user info; redirects are not followed */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, with its secret */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description The event types it receives (see GET /events) */
                    events?: string[];
                    /** @description https only; never a private, loopback, link-local, CGNAT or cloud-metadata address (checked again after DNS at every delivery); no user info; redirects are not followed */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-createdAt`. */
                sort?: ("createdAt" | "-createdAt")[];
                /** @description Only deliveries in this status */
                status?: "pending" | "delivered" | "failed" | "cancelled";
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The delivery's id */
                deliveryId: string;
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, to be sent again */
            202: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    disableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: plain-text */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT"];
            422: components["responses"]["422_INVALID_TRANSITION"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description The webhook endpoint's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, with its new secret */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    receiveRegistryEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own for this request: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) without doing anything twice; the same key with another body answers 409 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description The eventId of the body */
                "webhook-id"?: string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; several, space-separated, during a key rotation */
                "webhook-signature"?: string;
                /** @description Unix seconds; within 5 minutes of now */
                "webhook-timestamp"?: string;
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistryEvent"];
            };
        };
        responses: {
            /** @description Ignored: a type not acted upon */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryEventReceipt"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Queued for processing */
            201: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryEventReceipt"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR_MALFORMED_JSON_INVALID_SIGNATURE"];
            409: components["responses"]["409_IDEMPOTENCY_CONFLICT_CONFLICT"];
            413: components["responses"]["413_PAYLOAD_TOO_LARGE"];
            415: components["responses"]["415_UNSUPPORTED_MEDIA_TYPE"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    listRegistryEvents: {
        parameters: {
            query?: {
                /** @description Opaque; from meta.page.nextCursor */
                cursor?: string;
                limit?: number;
                /** @description The order: fields, comma-separated, each with `-` first for descending. Default `-receivedAt`. */
                sort?: ("receivedAt" | "-receivedAt")[];
                /** @description Only events in this status */
                status?: "queued" | "processed" | "ignored" | "failed";
                /** @description Only events of this type */
                type?: string;
                /** @description Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation */
                updatedSince?: string;
            };
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryEventRecord"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    getRegistryEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: the request and the jobs it causes continue this trace */
                traceparent?: components["parameters"]["Traceparent"];
                /** @description Your own id for the request, kept beside the service's (meta.correlationId, logs, audit entry) */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /** @description Unique per event; equals the webhook-id header */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    "API-Version": components["headers"]["API-Version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryEventRecord"];
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            400: components["responses"]["400_VALIDATION_ERROR"];
            401: components["responses"]["401_UNAUTHENTICATED_TOKEN_EXPIRED_SESSION_REVOKED"];
            403: components["responses"]["403_ACCOUNT_NOT_ACTIVE_FORBIDDEN"];
            404: components["responses"]["404_NOT_FOUND_2"];
            429: components["responses"]["429_RATE_LIMITED"];
            500: components["responses"]["500_INTERNAL_ERROR_2"];
            503: components["responses"]["503_SERVICE_UNAVAILABLE_2"];
        };
    };
    on_claim_closed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Claim"];
                    /** @constant */
                    type?: "claim.closed";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_claim_filed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Claim"];
                    /** @constant */
                    type?: "claim.filed";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_claim_payment_recorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["ClaimPayment"];
                    /** @constant */
                    type?: "claim.payment_recorded";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_claim_repudiated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Claim"];
                    /** @constant */
                    type?: "claim.repudiated";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_claim_settled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Claim"];
                    /** @constant */
                    type?: "claim.settled";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_dispute_escalated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Dispute"];
                    /** @constant */
                    type?: "dispute.escalated";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_dispute_resolved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Dispute"];
                    /** @constant */
                    type?: "dispute.resolved";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_policy_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Policy"];
                    /** @constant */
                    type?: "policy.cancelled";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_policy_endorsed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Policy"];
                    /** @constant */
                    type?: "policy.endorsed";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_policy_issued: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Policy"];
                    /** @constant */
                    type?: "policy.issued";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_policy_lapsed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Policy"];
                    /** @constant */
                    type?: "policy.lapsed";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_policy_reinstated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Policy"];
                    /** @constant */
                    type?: "policy.reinstated";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_premium_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["PremiumPayment"];
                    /** @constant */
                    type?: "premium.paid";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_quotation_accepted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Quotation"];
                    /** @constant */
                    type?: "quotation.accepted";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_quotation_quoted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Quotation"];
                    /** @constant */
                    type?: "quotation.quoted";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_renewal_converted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Renewal"];
                    /** @constant */
                    type?: "renewal.converted";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    on_renewal_offered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same at every try: deduplicate by it */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret */
                "webhook-signature": string;
                /** @description Unix seconds when this try was signed: refuse it more than five minutes off */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"] & {
                    data?: components["schemas"]["Renewal"];
                    /** @constant */
                    type?: "renewal.offered";
                };
            };
        };
        responses: {
            /** @description Received */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received: the delivery is tried again later */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

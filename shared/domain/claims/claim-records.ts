import type { UserAct } from '../../kernel/act.js';
import { runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { visibilitiesFor } from '../access/index.js';
import { ClaimDocument, ClaimNote } from './claim.entity.js';
import { CLAIM_WORKFLOW } from './claim.workflow.js';
import type {
  AddClaimDocumentInput,
  AddClaimNoteInput,
  ClaimDocumentView,
  ClaimNoteView,
} from './claim-records.schemas.js';
import { loadDocumentView, loadNoteView } from './claim-records.view.js';
import { CLAIM_ACTIONS, CLAIM_EVENT_OF, claimEvents, lockVisibleClaim } from './claims.service.js';

/**
 * A note, in any status, answered with the note. `internal` (staff only) unless said; a caller of
 * agent scope writes shared notes only (`shared` by default, 403 when asking for `internal`).
 */
export async function addClaimNote(deps: ServiceDeps, act: UserAct, input: AddClaimNoteInput): Promise<ClaimNoteView> {
  const allowed = visibilitiesFor(act.caller.scope);
  const visibility = input.visibility ?? (allowed.includes('internal') ? 'internal' : 'shared');
  if (!allowed.includes(visibility))
    throw new ForbiddenError('Your data scope writes shared notes only', { reason: 'shared_notes_only' });
  return deps.uow.run(act, async (tx) => {
    const claim = await lockVisibleClaim(tx, act.caller.scope, input.id);
    // The claim as GET shows it holds its latest notes: it changed (its updatedAt, for updatedSince).
    claim.updatedAt = new Date();
    const noteId = uuidv7();
    tx.create(ClaimNote, { id: noteId, claimId: claim.id, body: input.body, visibility, author: act.actor });
    await tx.flush();
    return {
      result: await loadNoteView(tx, noteId),
      audit: { action: 'claim.note', subjectType: 'claim', subjectId: claim.id, summary: { noteId, visibility } },
      // The history shows an internal note's event to staff only (access/visibility.ts).
      events: claimEvents(claim, 'claim.note_added', { noteId, visibility }),
    };
  });
}

/** A document's metadata (the file is at its https URL), on a claim that is not closed or withdrawn; answered with the document. */
export async function addClaimDocument(
  deps: ServiceDeps,
  act: UserAct,
  input: AddClaimDocumentInput,
): Promise<ClaimDocumentView> {
  return runStep({ deps, act }, CLAIM_ACTIONS, { id: input.id, action: 'addDocument' }, async (claim, tx) => {
    claim.updatedAt = new Date();
    const documentId = uuidv7();
    tx.create(ClaimDocument, {
      id: documentId,
      claimId: claim.id,
      name: input.name,
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
      sha256: input.sha256.toLowerCase(),
      url: input.url,
      addedBy: act.actor,
    });
    await tx.flush();
    return {
      result: await loadDocumentView(tx, documentId),
      audit: {
        action: CLAIM_WORKFLOW.steps.addDocument.audit,
        subjectType: 'claim',
        subjectId: claim.id,
        summary: { documentId, name: input.name, sha256: input.sha256.toLowerCase() },
      },
      events: claimEvents(claim, CLAIM_EVENT_OF.addDocument, { documentId, name: input.name }),
    };
  });
}

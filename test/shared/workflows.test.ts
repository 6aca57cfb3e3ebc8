import { readFileSync } from 'node:fs';
import test from 'ava';
import { renderWorkflowDocs } from '../../shared/catalogues.js';
import { USER_WORKFLOW } from '../../shared/domain/users/user.workflow.js';
import { InvalidTransitionError } from '../../shared/kernel/errors.js';
import { stepPermissions, stepSummary, transition } from '../../shared/kernel/workflow.js';

test('a move the table allows leads to its state; any other answers INVALID_TRANSITION with from, action and allowedFrom', (t) => {
  t.is(transition(USER_WORKFLOW, 'suspend', 'active'), 'suspended');
  const error = t.throws(() => transition(USER_WORKFLOW, 'activate', 'active'), { instanceOf: InvalidTransitionError });
  t.deepEqual(error?.details, { from: 'active', action: 'activate', allowedFrom: ['pending', 'suspended', 'locked'] });
});

test('the route permission and the OpenAPI summary of an action come from its row', (t) => {
  t.deepEqual(stepPermissions(USER_WORKFLOW.steps.archive), ['user:suspend']);
  t.is(stepSummary(USER_WORKFLOW.steps.activate), 'pending, suspended, locked to active');
  t.throws(() => stepPermissions(USER_WORKFLOW.steps.lock), { message: /system step/ });
});

test('docs/workflows.md is what the workflow tables say (npm run docs:workflows rewrites it)', (t) => {
  t.is(readFileSync('docs/workflows.md', 'utf8'), renderWorkflowDocs());
});

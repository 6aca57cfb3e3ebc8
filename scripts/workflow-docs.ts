import { writeFileSync } from 'node:fs';
import { renderWorkflowDocs } from '../shared/catalogues.js';

/** `npm run docs:workflows`: rewrites docs/workflows.md from the workflow tables. */
writeFileSync('docs/workflows.md', renderWorkflowDocs());
console.log('docs/workflows.md written');

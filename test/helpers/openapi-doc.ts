/**
 * The document with each operation's `$ref` to a shared response (components.responses) replaced by
 * that response, so a test reads every operation's answers in one place.
 */
export function withResponsesInlined(doc: any): any {
  const shared = doc.components?.responses ?? {};
  for (const item of Object.values<any>(doc.paths ?? {}))
    for (const operation of Object.values<any>(item)) {
      if (typeof operation !== 'object' || !operation?.responses) continue;
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const ref = typeof response?.$ref === 'string' ? response.$ref : undefined;
        if (ref?.startsWith('#/components/responses/'))
          operation.responses[status] = shared[ref.slice('#/components/responses/'.length)];
      }
    }
  return doc;
}

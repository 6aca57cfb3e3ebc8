import openapiTS, { astToString } from 'openapi-typescript';

/** Where the generated types of the TypeScript client live. */
export const CLIENT_SCHEMA_FILE = 'clients/typescript/src/schema.ts';

const HEADER = `// Generated from the service's OpenAPI document by \`npm run client\`: do not edit by hand.
// CI fails when it differs from what the document generates (test/shared/typescript-client.test.ts).
`;

/** The client's types for an OpenAPI document (openapi-typescript), sorted: the same whatever the document's key order. */
export async function renderClientSchema(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: true });
  return HEADER + astToString(ast);
}

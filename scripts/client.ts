import { writeFileSync } from 'node:fs';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from './client-schema.js';
import { servedDocument } from './served-document.js';

/** `npm run client`: regenerates the TypeScript client's types (clients/typescript) from the served document. */
const text = await renderClientSchema(await servedDocument());
writeFileSync(CLIENT_SCHEMA_FILE, text);
console.log(`${CLIENT_SCHEMA_FILE} written (${Buffer.byteLength(text)} bytes)`);

import { readFileSync } from 'node:fs';
import test from 'ava';

/**
 * One naming for who did something, in every resource: `<verb>By` with `<verb>At` beside it
 * (createdBy/createdAt, filedBy/filedAt, recordedBy/recordedAt). Older names stay one release,
 * marked deprecated in the document. The audit entry keeps `actor`: its fields are what its hash covers.
 */
// The served document, as the snapshot test (openapi-snapshot.test.ts) holds it equal to the app's.
const doc = JSON.parse(readFileSync('test/fixtures/openapi.json', 'utf8'));

const schemas = () => Object.entries<any>(doc.components.schemas);
const ACTOR_WORDS = /^(actor|author|creator|owner|by|doneBy|performer)$/i;

test('every <verb>By field has its <verb>At beside it', (t) => {
  const lonely: string[] = [];
  for (const [name, schema] of schemas())
    for (const key of Object.keys(schema.properties ?? {}))
      if (/^[a-z]+By$/.test(key) && !(`${key.slice(0, -2)}At` in schema.properties)) lonely.push(`${name}.${key}`);
  t.deepEqual(lonely, []);
});

test('no current field names an actor any other way; the old names are marked deprecated', (t) => {
  const other: string[] = [];
  for (const [name, schema] of schemas()) {
    if (name === 'AuditEntry') continue;
    for (const [key, property] of Object.entries<any>(schema.properties ?? {}))
      if (ACTOR_WORDS.test(key) && !property.deprecated) other.push(`${name}.${key}`);
  }
  t.deepEqual(other, []);
  t.true(doc.components.schemas.ClaimNote.properties.author.deprecated);
  t.true(doc.components.schemas.TimelineEvent.properties.actor.deprecated);
});

test('every deprecated field of the document is named in the Deprecated section of CHANGELOG.md', (t) => {
  const changelog = readFileSync('CHANGELOG.md', 'utf8');
  const section = changelog.split('### Deprecated')[1]?.split(/\n## |\n### /)[0] ?? '';
  const deprecated = schemas().flatMap(([name, schema]) =>
    Object.entries<any>(schema.properties ?? {})
      .filter(([, property]) => property.deprecated)
      .map(([key]) => `${name}.${key}`),
  );
  t.true(deprecated.length > 0);
  for (const field of deprecated) t.true(section.includes(`\`${field}\``), `${field} in CHANGELOG.md`);
});

import { ConfigSchema } from '../shared/config/schema.js';

/** Prints the README's configuration table from the schema the service validates with. */
const rows = Object.entries(ConfigSchema.properties).map(([name, schema]) => {
  const s = schema as { default?: unknown; description?: string };
  const def = s.default === undefined ? '(unset)' : `\`${String(s.default)}\``;
  return `| \`${name}\` | ${def} | ${s.description ?? ''} |`;
});
console.log(['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n'));

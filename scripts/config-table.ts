import { ConfigSchema } from '../shared/config/schema.js';

/** Prints the configuration table of docs/configuration.md from the schema the service validates with. */
const rows = Object.entries(ConfigSchema.properties).map(([name, schema]) => {
  const s = schema as { default?: unknown; description?: string };
  const def = s.default === undefined ? '(unset)' : `\`${String(s.default)}\``;
  return `| \`${name}\` | ${def} | ${s.description ?? ''} |`;
});
console.log(['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n'));

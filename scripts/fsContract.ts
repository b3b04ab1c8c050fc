import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const ID = 'virtual:fs-contract';
const RESOLVED = `\0${ID}`;
const SHARED = fileURLToPath(new URL('../src/shared/', import.meta.url));
const TABLES = new URL('../src/shared/clientTables.ts', import.meta.url).href;

type TablesModule = typeof import('../src/shared/clientTables.ts');

/** One `export const NAME = <json>` per table of src/shared/clientTables.ts, evaluated in Node. */
async function tablesModule(): Promise<string> {
  // tsx rather than an import of the file here: the config loader would bundle the route
  // declarations into the config and warn about their extensionless imports.
  const { clientTables } = (await tsImport(TABLES, import.meta.url)) as TablesModule;
  return Object.entries(clientTables)
    .map(([name, table]) => `export const ${name} = ${JSON.stringify(table)};`)
    .join('\n');
}

/**
 * `virtual:fs-contract`: the tables the browser derives from the zod route declarations, as
 * plain JSON. Used by the client build, the prerender build, vitest and the dev server (where
 * an edit under src/shared/ makes the next page load read them again).
 */
export function fsContract(): Plugin {
  let code: Promise<string> | undefined;
  return {
    name: 'fs-contract',
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      code ??= tablesModule();
      return code;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!file.startsWith(SHARED)) return;
        code = undefined;
        const mod = server.moduleGraph.getModuleById(RESOLVED);
        if (mod) server.moduleGraph.invalidateModule(mod);
      });
    },
  };
}

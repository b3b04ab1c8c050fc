import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ZOD_JITLESS = fileURLToPath(new URL('../src/client/lib/zodJitless.ts', import.meta.url));

/**
 * zod in the client build (DESIGN.md section 1: only where a form validates with it). Every
 * `import ... from 'zod'` resolves to lib/zodJitless.ts, which configures zod before any schema
 * parses (a CSP matter, see there), and the build fails when zod lands in the first screen's
 * scripts: the entry chunk or one it imports statically.
 */
export function clientZod(): Plugin {
  return {
    name: 'client-zod',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === 'zod' && importer !== ZOD_JITLESS ? ZOD_JITLESS : undefined,
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : [],
        ),
      );
      const firstScreen = new Set<string>();
      const visit = (name: string) => {
        if (firstScreen.has(name)) return;
        firstScreen.add(name);
        for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      for (const name of firstScreen) {
        if (!chunks.get(name)?.moduleIds.includes(ZOD_JITLESS)) continue;
        const importers = this.getModuleInfo(ZOD_JITLESS)?.importers ?? [];
        this.error(
          `zod is in the first screen's scripts (${name}), imported by ${importers.join(', ')}: import types only, or load it lazily`,
        );
      }
    },
  };
}

// ESLint rule `boundaries/public-only` (DESIGN.md section 1a): a feature may use another feature
// only through that feature's public.ts. A feature is src/<side>/features/<f>/, and each hub
// game src/<side>/features/games/<key>/ is one of its own. Tests, builders and testing helpers
// set up state through any feature's files, so they are exempt.
import path from 'node:path';

const EXEMPT = /\.test\.tsx?$|\/builders\.ts$|\/testing\.ts$/;

/** The feature folder a file belongs to, or null outside src/<side>/features/. */
export function featureOf(file) {
  const f = file.split(path.sep).join('/');
  const game = f.match(/(src\/(?:server|client)\/features\/games\/[^/.]+)\//);
  if (game) return game[1];
  const feature = f.match(/(src\/(?:server|client)\/features\/[^/.]+)\//);
  return feature ? feature[1] : null;
}

const publicOnly = {
  meta: {
    type: 'problem',
    docs: { description: 'import another feature only through its public.ts' },
    messages: {
      deep: "'{{source}}' reaches inside the feature {{feature}}: import what it offers from its public.ts (add it there if another feature may use it).",
    },
    schema: [
      {
        type: 'object',
        properties: { sides: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const sides = context.options[0]?.sides ?? ['server', 'client'];
    if (EXEMPT.test(file)) return {};
    const from = featureOf(file);
    if (!from || !sides.some((side) => from.includes(`src/${side}/`))) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const feature = featureOf(target) ?? featureOf(target + '/');
      if (!feature || feature === from) return;
      const rest = target
        .split(path.sep)
        .join('/')
        .slice(target.split(path.sep).join('/').indexOf(feature) + feature.length);
      if (rest === '/public' || rest === '/public.ts' || rest === '/public.tsx') return;
      context.report({
        node,
        messageId: 'deep',
        data: { source, feature: feature.replace(/^.*features\//, '') },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'public-only': publicOnly } };

import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/api/routes';
import type { RouteSpec } from '../../shared/api/contract';
import { Ajv } from 'ajv';
import { call, registerAdmin, registerUser, useTestServer } from '../testing/harness';
import { splitRouteName } from './routing';

interface OpenApiOperation {
  summary?: string;
  description?: string;
  security?: unknown[];
  tags?: string[];
  requestBody?: unknown;
  responses: Record<
    string,
    {
      description?: string;
      content?: {
        'application/json'?: {
          schema?: { required?: string[]; properties?: Record<string, unknown> };
        };
      };
    }
  >;
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const server = useTestServer();

const table = Object.entries(routes).flatMap(([feature, entries]) =>
  Object.entries(entries as Record<string, RouteSpec>).map(([name, spec]) => ({
    feature,
    name,
    spec,
    ...splitRouteName(name),
  })),
);
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/**
 * OpenAPI 3.0's schema dialect (ajv knows its `nullable`), strict: an unknown keyword is an error,
 * not ignored, and a nullable enum without null refuses null as the specification says.
 * strictRequired only frowns on `required` naming keys of a record (propertyNames), which is
 * valid JSON Schema.
 */
const strictValidator = () =>
  new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });

/** Every schema in a document that is nullable and has an enum without null. */
function nullableEnumsWithoutNull(node: unknown, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => nullableEnumsWithoutNull(v, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const o = node as Record<string, unknown>;
  const here = o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null) ? [at] : [];
  return [
    ...here,
    ...Object.entries(o).flatMap(([k, v]) => nullableEnumsWithoutNull(v, `${at}/${k}`)),
  ];
}

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document listing every route of the table with its auth and the error shape', async () => {
    const res = await call<OpenApiDoc>(server, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const { feature, name, spec, method, url } of table) {
      const op = res.body.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(op, `${name} is documented`).toBeDefined();
      expect(op!.tags).toEqual([feature]);
      expect(op!.summary).toBe(spec.summary);
      expect(op!.description).toContain('Auth:');
      if (spec.auth === 'public') {
        expect(op!.security, `${name} is public`).toBeUndefined();
      } else if (spec.auth === 'optional') {
        // OpenAPI's way of saying "no token, or a bearer token".
        expect(op!.security, `${name} takes a token if sent`).toEqual([{}, { bearer: [] }]);
        expect(op!.responses['401'], `${name} documents 401`).toBeDefined();
      } else {
        expect(op!.security, `${name} needs a token`).toEqual([{ bearer: [] }]);
        expect(op!.responses['401'], `${name} documents 401`).toBeDefined();
      }
      if (spec.auth === 'admin') expect(op!.description).toContain('admin');
      for (const status of ['404', '409', '500']) {
        const schema = op!.responses[status]?.content?.['application/json']?.schema;
        expect(schema?.required, `${name} ${status} has the error shape`).toEqual([
          'message',
          'code',
        ]);
      }
      if (spec.body) expect(op!.requestBody, `${name} documents its body`).toBeDefined();
    }
  });

  it('documents the schema of every success answer', async () => {
    const res = await call<OpenApiDoc>(server, 'GET', '/api/docs/json');
    for (const { name, spec, method, url } of table) {
      const op = res.body.paths[openApiPath(url)]![method.toLowerCase()]!;
      const success = op.responses[String(spec.status ?? 200)];
      expect(success?.description, `${name} documents its ${spec.status ?? 200}`).toBeDefined();
      const schema = success?.content?.['application/json']?.schema;
      expect(schema, `${name} has a success schema`).toBeDefined();
      expect(
        Object.keys(schema!).length,
        `${name}'s success schema says something`,
      ).toBeGreaterThan(0);
    }
  });

  it("lists null in the enum of every nullable enum, so a strict validator takes the store's effectType: null", async () => {
    const res = await call<OpenApiDoc>(server, 'GET', '/api/docs/json');
    expect(nullableEnumsWithoutNull(res.body)).toEqual([]);
    const ajv = strictValidator();
    // The answer the issue met: a store item without an effect.
    const validate = ajv.compile(
      res.body.paths['/api/store']!.get!.responses['200']!.content!['application/json']!.schema!,
    );
    const items = (await call<{ effectType: unknown }[]>(server, 'GET', '/api/store')).body;
    // A fresh database's items all have an effect: the answer is an item without one.
    const withoutEffect = items.map((i) => ({ ...i, effectType: null, effectValue: null }));
    expect(validate(withoutEffect) ? null : ajv.errorsText(validate.errors)).toBeNull();
  });

  it('validates real answers with the documented schemas (every GET without path parameters or a required query)', async () => {
    const res = await call<OpenApiDoc>(server, 'GET', '/api/docs/json');
    const ajv = strictValidator();
    const player = await registerUser(server);
    const admin = await registerAdmin(server);
    // A critter, so the sanctuary's claim (a GET) pays and its critter lists are not empty.
    expect(
      (
        await call(server, 'POST', '/api/critters/adopt', {
          token: player.token,
          body: { species: 'sproutling' },
        })
      ).status,
    ).toBe(201);
    // A GET that needs a query (a mailed link's token or signature) has its own suite's answers.
    const gets = table.filter(
      (r) => r.method === 'GET' && !r.spec.params && (r.spec.query?.safeParse({}).success ?? true),
    );
    expect(gets.length).toBeGreaterThan(20);
    for (const { name, spec, url } of gets) {
      const answer = await call(server, 'GET', url, {
        token:
          spec.auth === 'admin' ? admin.token : spec.auth === 'user' ? player.token : undefined,
      });
      expect(answer.status, name).toBe(200);
      const schema =
        res.body.paths[openApiPath(url)]!.get!.responses['200']!.content!['application/json']!
          .schema!;
      const validate = ajv.compile(schema);
      expect(
        validate(answer.body) ? null : ajv.errorsText(validate.errors),
        `${name} answers as documented`,
      ).toBeNull();
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the browsable page from this server, under the site-wide Content-Security-Policy', async () => {
    const page = await call<string>(server, 'GET', '/api/docs/static/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Every script is a file of ours: no inline script the CSP would block, no CDN.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(/src="\.?\/?[^"/][^":]*"/);
      expect(inline!.trim()).toBe('');
    }
    const bundle = await call<string>(server, 'GET', '/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });
});

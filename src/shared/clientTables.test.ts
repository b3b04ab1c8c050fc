import { describe, expect, it } from 'vitest';
import { ROUTE_FLAGS } from 'virtual:fs-contract';
import { routes } from './api/routes';
import { clientTables, routeFlags } from './clientTables';

describe('client tables (virtual:fs-contract)', () => {
  it('the module the client imports holds every table as the declarations give it now', () => {
    expect(ROUTE_FLAGS).toEqual(clientTables.ROUTE_FLAGS);
    expect(ROUTE_FLAGS).toEqual(routeFlags(routes));
  });

  it('flags each route as it is declared, and lists no route without a flag', () => {
    const flags: Record<string, unknown> = ROUTE_FLAGS;
    expect(flags['POST /auth/login']).toEqual({ public: true });
    expect(flags['POST /api/user/send-money']).toEqual({ idempotent: true });
    expect(flags['GET /api/user/stats']).toBeUndefined();
    for (const feature of Object.values(routes)) {
      for (const [name, spec] of Object.entries(feature)) {
        const expected = {
          ...(spec.auth === 'public' && { public: true }),
          ...('idempotent' in spec && spec.idempotent && { idempotent: true }),
        };
        expect(flags[name] ?? {}, name).toEqual(expected);
      }
    }
  });
});

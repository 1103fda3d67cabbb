import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWorkspaceScope } from './workspace-scope.ts';

const nobody = { workspaceAndMembership: async () => ({ workspace: null, membership: null }) };

describe('registerWorkspaceScope', () => {
  it('refuses at boot a workspace route that names no permission', async () => {
    const app = Fastify();
    registerWorkspaceScope(app, { store: nobody, cache: nobody });
    await expect(
      app.register(async (child) => {
        child.get('/api/workspaces/:ws/forgotten', async () => ({ ok: true }));
      }),
    ).rejects.toThrow('GET /api/workspaces/:ws/forgotten names no workspace permission');
    await app.close();
  });
});

import { describe, expect, it } from 'vitest';
import { isAdminPath } from './auth.guard.js';

describe('isAdminPath', () => {
  it.each(['api/admin/analytics', '/api/admin/', 'api//admin/x', 'API/Admin/leads', '/api/admin/leads/:id'])(
    '%s is an admin route',
    (path) => {
      expect(isAdminPath(path)).toBe(true);
    },
  );

  it.each(['api/apps', 'api/administrators', 'admin/dashboard', '/', 'api/auth/me'])('%s is not', (path) => {
    expect(isAdminPath(path)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { adminCatalogueEndpoints } from './admin-catalogue.ts';
import { catalogueEndpoints } from './catalogue.ts';

describe("the admin's catalogue calls", () => {
  it('are twins of catalogue calls: same method, the very same schemas, status and errors, admin audience', () => {
    const catalogue = Object.values(catalogueEndpoints);
    for (const admin of Object.values(adminCatalogueEndpoints)) {
      const twin = catalogue.find(
        (e) => e.id === admin.id.replace(/^admin\./, 'catalogue.') && e.method === admin.method,
      );
      expect(twin, admin.id).toBeDefined();
      if (!twin) continue;
      expect(admin.audience, admin.id).toBe('admin');
      expect(admin.headers, admin.id).toBeUndefined();
      expect(admin.path.startsWith('/admin_backoffice/api/v1/merchants/stores-service/'), admin.id).toBe(
        true,
      );
      for (const key of ['params', 'query', 'body', 'response', 'status', 'errors'] as const)
        expect(admin[key], `${admin.id} ${key}`).toBe(twin[key]);
    }
  });

  it('puts update-status where spec 7 prints it', () => {
    expect(adminCatalogueEndpoints.adminUpdateStoreStatus.path).toBe(
      '/admin_backoffice/api/v1/merchants/stores-service/stores/:id/update-status',
    );
  });
});

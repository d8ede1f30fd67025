/**
 * The admin's store catalogue calls (spec 2.2 stores, categories, tags): the `merchants/stores-service` twins of
 * the catalogue API, with the admin's session (the catalogue key never reaches a browser; docs/catalogue.md).
 */
import {
  adminAddSubcategories,
  adminCreateCategory,
  adminCreateStore,
  adminCreateTag,
  adminGetCategory,
  adminGetStore,
  adminGetTag,
  adminListCategories,
  adminListStores,
  adminListTags,
  adminUpdateCategory,
  adminUpdateStore,
  adminUpdateStoreStatus,
  adminUpdateTag,
  type CreateCategoryRequest,
  type CreateStoreRequest,
  type CreateTagRequest,
  type StoreStatus,
  type UpdateCategoryRequest,
  type UpdateStoreRequest,
  type UpdateTagRequest,
} from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

type In<S extends v.GenericSchema> = v.InferInput<S>;

export const catalogueKey = ['admin', 'catalogue'] as const;
const storesKey = [...catalogueKey, 'stores'] as const;
const categoriesKey = [...catalogueKey, 'categories'] as const;
const tagsKey = [...catalogueKey, 'tags'] as const;

/** Every change reads the catalogue again: a store shows its categories' and tags' names. */
function useCatalogueMutation<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
}

export interface StoreListFilters {
  page: number;
  size: number;
  status: StoreStatus | undefined;
  storeName: string | undefined;
}

/** GET stores?page&size&status&storeName. */
export function useAdminStores({ page, size, status, storeName }: StoreListFilters) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...storesKey, 'list', page, size, status ?? '', storeName ?? ''],
    queryFn: async () =>
      unwrap(
        await client.call(adminListStores, {
          query: {
            page: String(page),
            size: String(size),
            ...(status ? { status } : {}),
            ...(storeName ? { storeName } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminStore(id: string | undefined) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...storesKey, 'one', id ?? ''],
    enabled: id !== undefined,
    queryFn: async () => unwrap(await client.call(adminGetStore, { params: { id: id ?? '' } })),
  });
}

export function useSaveStore(id: string | undefined) {
  const { client } = useAdmin();
  return useCatalogueMutation(async (body: In<typeof CreateStoreRequest> | In<typeof UpdateStoreRequest>) =>
    unwrap(
      id === undefined
        ? await client.call(adminCreateStore, { body: body as In<typeof CreateStoreRequest> })
        : await client.call(adminUpdateStore, { params: { id }, body }),
    ),
  );
}

/** PUT stores/{id}/update-status?newStatus=: archive, disable or enable. */
export function useStoreStatus(id: string) {
  const { client } = useAdmin();
  return useCatalogueMutation(async (newStatus: StoreStatus) =>
    unwrap(await client.call(adminUpdateStoreStatus, { params: { id }, query: { newStatus } })),
  );
}

/** GET categories?status=ACTIVE|ALL. */
export function useAdminCategories(status: 'ACTIVE' | 'ALL') {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...categoriesKey, 'list', status],
    queryFn: async () => unwrap(await client.call(adminListCategories, { query: { status } })),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCategory(id: string) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...categoriesKey, 'one', id],
    queryFn: async () => unwrap(await client.call(adminGetCategory, { params: { id } })),
  });
}

export function useCreateCategory() {
  const { client } = useAdmin();
  return useCatalogueMutation(async (body: In<typeof CreateCategoryRequest>) =>
    unwrap(await client.call(adminCreateCategory, { body })),
  );
}

/** PATCH categories/{id}: a category (name, status, tags) or a subcategory by its own id (name, status). */
export function useUpdateCategory() {
  const { client } = useAdmin();
  return useCatalogueMutation(async ({ id, body }: { id: string; body: In<typeof UpdateCategoryRequest> }) =>
    unwrap(await client.call(adminUpdateCategory, { params: { id }, body })),
  );
}

export function useAddSubcategory(categoryId: string) {
  const { client } = useAdmin();
  return useCatalogueMutation(async (name: string) =>
    unwrap(await client.call(adminAddSubcategories, { params: { id: categoryId }, body: [{ name }] })),
  );
}

export function useAdminTags() {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...tagsKey, 'list'],
    queryFn: async () => unwrap(await client.call(adminListTags)),
  });
}

export function useAdminTag(id: string | undefined) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...tagsKey, 'one', id ?? ''],
    enabled: id !== undefined,
    queryFn: async () => unwrap(await client.call(adminGetTag, { params: { id: id ?? '' } })),
  });
}

export function useSaveTag(id: string | undefined) {
  const { client } = useAdmin();
  return useCatalogueMutation(async (body: In<typeof CreateTagRequest> | In<typeof UpdateTagRequest>) =>
    unwrap(
      id === undefined
        ? await client.call(adminCreateTag, { body: body as In<typeof CreateTagRequest> })
        : await client.call(adminUpdateTag, { params: { id }, body: body as In<typeof UpdateTagRequest> }),
    ),
  );
}

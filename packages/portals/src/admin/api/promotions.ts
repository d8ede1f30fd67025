import {
  adminAddPromotionProducts,
  adminCreatePromotion,
  adminDeletePromotionProduct,
  adminPromotion,
  adminPromotionStores,
  adminPromotions,
  adminUpdatePromotion,
  adminUpdatePromotionImage,
  adminUpdatePromotionProduct,
  type CreatePromotionRequest,
  type PromotionProductRequest,
  type PromotionProductUpdateRequest,
  type UpdatePromotionRequest,
} from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { unwrap } from '../../shared/api.ts';
import { useAdmin } from '../context.tsx';

export const promotionsKey = ['admin', 'promotions'] as const;
export const promotionKey = (id: string) => [...promotionsKey, 'details', id] as const;

/** What a form sends: the contract's input (reais), which the client parses as the server does. */
type In<S extends v.GenericSchema> = v.InferInput<S>;
export type PromotionBody = In<typeof CreatePromotionRequest>;
export type PromotionUpdateBody = In<typeof UpdatePromotionRequest>;
export type ProductBody = In<typeof PromotionProductRequest>;
export type ProductUpdateBody = In<typeof PromotionProductUpdateRequest>;

/** GET /promotion-banner/all?page&size. */
export function usePromotions(page: number, size: number) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...promotionsKey, 'list', page, size],
    queryFn: async () =>
      unwrap(await client.call(adminPromotions, { query: { page: String(page), size: String(size) } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /promotion-banner/{id}: the promotion with its products. */
export function usePromotion(id: string) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: promotionKey(id),
    queryFn: async () => unwrap(await client.call(adminPromotion, { params: { id } })),
  });
}

/** The store picker's options: active stores whose name contains `storeName`. */
export function usePromotionStores(storeName: string) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...promotionsKey, 'stores', storeName],
    queryFn: async () =>
      unwrap(await client.call(adminPromotionStores, { query: storeName ? { storeName } : {} })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** What creating a promotion with products did: the products' call may fail after the promotion exists. */
export type CreateOutcome = { id: string; productsFailed: boolean };

/**
 * POST /promotion-banner, then POST /affiliate-product/{id} with the products typed in the form. The promotion is
 * made either way once the first call succeeds; `productsFailed` tells the page to say so (spec 8).
 */
export function useCreatePromotion() {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      promotion,
      products,
    }: {
      promotion: PromotionBody;
      products: ProductBody[];
    }): Promise<CreateOutcome> => {
      const created = unwrap(await client.call(adminCreatePromotion, { body: promotion }));
      if (products.length === 0) return { id: created.id, productsFailed: false };
      const added = await client.call(adminAddPromotionProducts, {
        params: { id: created.id },
        body: products,
      });
      return { id: created.id, productsFailed: !added.ok };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}

/** What saving the edit form did: the data, then the image if one was chosen. */
export type UpdateOutcome = { imageFailed: boolean };

/** PUT /promotion-banner, then PUT /promotion-banner/logo/{id} when a new image was chosen. */
export function useUpdatePromotion(id: string) {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      promotion,
      image,
    }: {
      promotion: PromotionUpdateBody;
      image: string | null;
    }): Promise<UpdateOutcome> => {
      unwrap(await client.call(adminUpdatePromotion, { body: promotion }));
      if (image === null) return { imageFailed: false };
      const logo = await client.call(adminUpdatePromotionImage, { params: { id }, body: { image } });
      return { imageFailed: !logo.ok };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}

/** POST /affiliate-product/{id} with one product (the edit page's modal). */
export function useAddProduct(promotionId: string) {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (product: ProductBody) =>
      unwrap(await client.call(adminAddPromotionProducts, { params: { id: promotionId }, body: [product] })),
  });
}

/** PUT /affiliate-product/. */
export function useUpdateProduct() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (product: ProductUpdateBody) =>
      unwrap(await client.call(adminUpdatePromotionProduct, { body: product })),
  });
}

/** DELETE /affiliate-product/{id}. */
export function useDeleteProduct() {
  const { client } = useAdmin();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await client.call(adminDeletePromotionProduct, { params: { id } })),
  });
}

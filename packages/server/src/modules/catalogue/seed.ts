/**
 * The demo world's catalogue: a few tags, categories with subcategories and stores in every status, so that the
 * catalogue calls, the admin screens and the checkout's highlight stores have something to show.
 */
import type { Tx } from '../../db/types.ts';
import {
  catalogueCategories,
  catalogueCategoryTags,
  catalogueStoreCategories,
  catalogueStores,
  catalogueStoreTags,
  catalogueTags,
} from './tables.ts';

type TagType = 'STYLE' | 'MOMENT' | 'OTHER';
type Origin = 'INTERNAL' | 'AWIN' | 'AFILIO';
type Status = 'ACTIVE' | 'DISABLED' | 'ARCHIVED';

export const DEMO_TAGS: { name: string; type: TagType; priority: number }[] = [
  { name: 'Estilo casual', type: 'STYLE', priority: 1 },
  { name: 'Black Friday', type: 'MOMENT', priority: 2 },
  { name: 'Feito no Brasil', type: 'OTHER', priority: 3 },
];

export const DEMO_CATEGORIES: { name: string; subcategories: string[]; tags: string[] }[] = [
  {
    name: 'Moda',
    subcategories: ['Feminino', 'Masculino', 'Calçados'],
    tags: ['Estilo casual', 'Black Friday'],
  },
  { name: 'Casa e decoração', subcategories: ['Cozinha', 'Decoração'], tags: ['Feito no Brasil'] },
  { name: 'Livros', subcategories: ['Literatura brasileira'], tags: [] },
];

export const DEMO_STORES: {
  name: string;
  url: string;
  origin: Origin;
  initials: string;
  status: Status;
  /** Category and subcategory names. */
  categories: string[];
  tags: string[];
}[] = [
  {
    name: 'Loja Aurora',
    url: 'https://aurora.demo',
    origin: 'INTERNAL',
    initials: 'LA',
    status: 'ACTIVE',
    categories: ['Moda', 'Feminino', 'Calçados'],
    tags: ['Estilo casual', 'Black Friday'],
  },
  {
    name: 'Casa Pitanga',
    url: 'https://pitanga.demo',
    origin: 'INTERNAL',
    initials: 'CP',
    status: 'ACTIVE',
    categories: ['Casa e decoração', 'Cozinha'],
    tags: ['Feito no Brasil'],
  },
  {
    name: 'Livraria Sabiá',
    url: 'https://sabia.demo',
    origin: 'AWIN',
    initials: 'LS',
    status: 'ACTIVE',
    categories: ['Livros', 'Literatura brasileira'],
    tags: [],
  },
  {
    name: 'Ateliê Ipê',
    url: 'https://ipe.demo',
    origin: 'AFILIO',
    initials: 'AI',
    status: 'DISABLED',
    categories: ['Casa e decoração', 'Decoração'],
    tags: ['Feito no Brasil'],
  },
  {
    name: 'Brechó Jabuticaba',
    url: 'https://jabuticaba.demo',
    origin: 'INTERNAL',
    initials: 'BJ',
    status: 'ARCHIVED',
    categories: ['Moda', 'Masculino'],
    tags: ['Estilo casual'],
  },
];

export async function seedCatalogueWorld(tx: Tx, now: Date): Promise<void> {
  const tags = await tx
    .insert(catalogueTags)
    .values(DEMO_TAGS.map((t) => ({ ...t, status: 'ACTIVE' as const, createdAt: now })))
    .returning({ id: catalogueTags.id, name: catalogueTags.name });
  const tagId = (name: string) => {
    const found = tags.find((t) => t.name === name);
    if (!found) throw new Error(`seed: no tag ${name}`);
    return found.id;
  };
  const categoryIds = new Map<string, string>();
  for (const c of DEMO_CATEGORIES) {
    const [parent] = await tx
      .insert(catalogueCategories)
      .values({ name: c.name, status: 'ACTIVE', createdAt: now })
      .returning({ id: catalogueCategories.id });
    if (!parent) throw new Error(`seed: could not create category ${c.name}`);
    categoryIds.set(c.name, parent.id);
    const subs = await tx
      .insert(catalogueCategories)
      .values(
        c.subcategories.map((name) => ({
          name,
          parentId: parent.id,
          status: 'ACTIVE' as const,
          createdAt: now,
        })),
      )
      .returning({ id: catalogueCategories.id, name: catalogueCategories.name });
    for (const s of subs) categoryIds.set(s.name, s.id);
    if (c.tags.length)
      await tx
        .insert(catalogueCategoryTags)
        .values(c.tags.map((t) => ({ categoryId: parent.id, tagId: tagId(t) })));
  }
  for (const s of DEMO_STORES) {
    const [store] = await tx
      .insert(catalogueStores)
      .values({
        name: s.name,
        url: s.url,
        origin: s.origin,
        platform: 'WEB',
        minimumCashbackPpm: 10_000,
        customerCashbackPpm: 50_000,
        taxPpm: 30_000,
        merchantInitials: s.initials,
        offerPixDiscount: s.origin === 'INTERNAL',
        status: s.status,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: catalogueStores.id });
    if (!store) throw new Error(`seed: could not create store ${s.name}`);
    await tx.insert(catalogueStoreCategories).values(
      s.categories.map((name) => {
        const categoryId = categoryIds.get(name);
        if (!categoryId) throw new Error(`seed: no category ${name}`);
        return { storeId: store.id, categoryId };
      }),
    );
    if (s.tags.length)
      await tx.insert(catalogueStoreTags).values(s.tags.map((t) => ({ storeId: store.id, tagId: tagId(t) })));
  }
}

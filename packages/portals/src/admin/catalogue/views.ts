/**
 * The catalogue's lists (stores, categories, tags), one lazy module: they share the kit's list and stay light (no
 * form input, no dialog), so a list's first load carries neither the forms nor the store details' confirmations.
 */
export { CategoriesPage } from './CategoryList.tsx';
export { StoresPage } from './StoreViews.tsx';
export { TagsPage } from './TagList.tsx';

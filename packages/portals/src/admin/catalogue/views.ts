/**
 * The catalogue's read screens (the three lists and the store details), one lazy module: they share the kit's list
 * and details, and stay light (no select, checkbox or file input), so a list's first load carries no form.
 */
export { CategoriesPage } from './CategoryList.tsx';
export { StoreDetailsPage, StoresPage } from './StoreViews.tsx';
export { TagsPage } from './TagList.tsx';

/**
 * The catalogue's forms (stores, categories, tags), one lazy module: they share the selects, checkboxes and image
 * input. The store details are apart (routes.tsx): they show none of those controls.
 */
export { CategoryCreatePage, CategoryEditPage } from './CategoryForms.tsx';
export { StoreCreatePage, StoreEditPage } from './StoreForm.tsx';
export { TagCreatePage, TagEditPage } from './TagForms.tsx';

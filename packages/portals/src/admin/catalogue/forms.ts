/**
 * The catalogue's forms (stores, categories, tags) and the store details, one lazy module: the forms share the
 * selects, checkboxes and image input; the details (with their confirmation dialogs) lead to the store's form.
 */
export { CategoryCreatePage, CategoryEditPage } from './CategoryForms.tsx';
export { StoreDetailsPage } from './StoreDetails.tsx';
export { StoreCreatePage, StoreEditPage } from './StoreForm.tsx';
export { TagCreatePage, TagEditPage } from './TagForms.tsx';

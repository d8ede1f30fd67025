/**
 * The catalogue's category and tag forms, one lazy module: they share the selects and checkboxes. The store form
 * and the store details are apart (routes.tsx): the store form's choices are native selects, the details show no
 * form control.
 */
export { CategoryCreatePage, CategoryEditPage } from './CategoryForms.tsx';
export { TagCreatePage, TagEditPage } from './TagForms.tsx';

/**
 * The promotion screens' loaders, behind one import() site in the admin routes. Each import() site writes its list
 * of dependencies into the chunk that holds it: here, in this small chunk, instead of the entry that every login
 * loads (150 KB target, bench/portal-first-load.mjs). Each screen keeps its own chunk, so the list does not carry
 * the form.
 */
export const loadPromotionsPage = () => import('./PromotionsPage.tsx');
export const loadPromotionDetailsPage = () => import('./PromotionDetailsPage.tsx');
export const loadPromotionFormPages = () => import('./PromotionFormPage.tsx');

/** A highlight store as the checkout shows it (spec 3): the catalogue's buckets list these. */
import * as v from 'valibot';

export const HighlightStore = v.object({ id: v.string(), name: v.string(), logoUrl: v.nullable(v.string()) });
export type HighlightStore = v.InferOutput<typeof HighlightStore>;
export const HighlightStoreList = v.array(HighlightStore);

import { Button, Checkbox, Group, Input, NativeSelect, Paper, Stack, Text } from '@mantine/core';

/** A catalogue category as the pickers get it: its subcategories and the tags it offers. */
export interface CategoryOption {
  id: string;
  name: string;
  subCategory: { id: string; name: string }[];
  tags: { id: string; name: string }[];
}

/** One row of the picker: a category and the subcategories checked under it. */
export interface CategoryRow {
  categoryId: string | null;
  subCategoryIds: string[];
}

export const CATEGORY_PICKER_TEXTS = {
  category: 'Categoria',
  choose: 'Selecione uma categoria',
  subcategories: 'Subcategorias',
  add: 'Adicionar categoria',
  remove: 'Remover categoria',
  tags: 'Tags',
  noTags: 'As categorias escolhidas não têm tags.',
} as const;

export const emptyCategoryRow = (): CategoryRow => ({ categoryId: null, subCategoryIds: [] });

/**
 * Saved ids (categories and subcategories mixed, as the API keeps them) back into rows, one per category offered.
 * Ids the options do not know (a category disabled since) come back in `unknown`, so that a form can send them
 * again instead of dropping them unseen.
 */
export function rowsFromIds(
  options: readonly CategoryOption[],
  ids: readonly string[],
): { rows: CategoryRow[]; unknown: string[] } {
  const chosen = new Set(ids);
  const known = new Set<string>();
  const rows: CategoryRow[] = [];
  for (const option of options) {
    const subs = option.subCategory.filter((s) => chosen.has(s.id)).map((s) => s.id);
    if (!chosen.has(option.id) && subs.length === 0) continue;
    known.add(option.id);
    for (const s of subs) known.add(s);
    rows.push({ categoryId: option.id, subCategoryIds: subs });
  }
  return {
    rows: rows.length ? rows : [emptyCategoryRow()],
    unknown: ids.filter((id) => !known.has(id)),
  };
}

/** The rows as the API takes them: every chosen category and subcategory id, once. */
export function idsFromRows(rows: readonly CategoryRow[]): string[] {
  return [
    ...new Set(rows.flatMap((r) => (r.categoryId === null ? [] : [r.categoryId, ...r.subCategoryIds]))),
  ];
}

/** The tags the chosen categories offer (spec 2.2: tags per selected categories), once each. */
export function offeredTags(
  options: readonly CategoryOption[],
  rows: readonly CategoryRow[],
): { id: string; name: string }[] {
  const chosen = new Set(rows.map((r) => r.categoryId));
  const seen = new Map<string, { id: string; name: string }>();
  for (const option of options)
    if (chosen.has(option.id)) for (const tag of option.tags) seen.set(tag.id, tag);
  return [...seen.values()];
}

export interface CategoryTagPickerProps {
  options: readonly CategoryOption[];
  rows: readonly CategoryRow[];
  tagsIds: readonly string[];
  /** Called with the new rows and the tags still offered by them (a tag of a removed category is dropped). */
  onChange: (rows: CategoryRow[], tagsIds: string[]) => void;
  required?: boolean;
  error?: string | undefined;
  tagsError?: string | undefined;
}

/**
 * Store categories with their subcategories and the tags they offer (spec 2.2 and 5): one row per category, a row is
 * added only when the last one has a category and removed only while there is more than one; the tags show only
 * when the chosen categories offer some.
 */
export function CategoryTagPicker({
  options,
  rows,
  tagsIds,
  onChange,
  required,
  error,
  tagsError,
}: CategoryTagPickerProps) {
  const change = (next: CategoryRow[]) => {
    const offered = new Set(offeredTags(options, next).map((t) => t.id));
    onChange(
      next,
      tagsIds.filter((id) => offered.has(id)),
    );
  };
  const setRow = (index: number, row: CategoryRow) => change(rows.map((r, i) => (i === index ? row : r)));
  const last = rows[rows.length - 1];
  const tags = offeredTags(options, rows);
  return (
    <Stack gap="sm">
      <Input.Wrapper label="Categorias da loja" required={required ?? false} error={error}>
        <Stack gap="sm" mt={4}>
          {rows.map((row, index) => {
            const option = options.find((o) => o.id === row.categoryId);
            const taken = new Set(rows.filter((_, i) => i !== index).map((r) => r.categoryId));
            const label = `${CATEGORY_PICKER_TEXTS.category} ${index + 1}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row has no id and no state of its own (every field is controlled), so a row shifted by a removal shows its own values
              <Paper key={`${index}-${row.categoryId ?? ''}`} withBorder radius="md" p="sm">
                <Stack gap="xs">
                  <Group align="flex-end" wrap="nowrap">
                    <NativeSelect
                      style={{ flex: 1 }}
                      label={label}
                      value={row.categoryId ?? ''}
                      data={[
                        { value: '', label: CATEGORY_PICKER_TEXTS.choose },
                        ...options
                          .filter((o) => !taken.has(o.id))
                          .map((o) => ({ value: o.id, label: o.name })),
                      ]}
                      onChange={(e) =>
                        setRow(index, { categoryId: e.currentTarget.value || null, subCategoryIds: [] })
                      }
                    />
                    {rows.length > 1 ? (
                      <Button
                        variant="subtle"
                        color="red"
                        aria-label={`${CATEGORY_PICKER_TEXTS.remove} ${index + 1}`}
                        onClick={() => change(rows.filter((_, i) => i !== index))}
                      >
                        {CATEGORY_PICKER_TEXTS.remove}
                      </Button>
                    ) : null}
                  </Group>
                  {option && option.subCategory.length > 0 ? (
                    <Checkbox.Group
                      label={`${CATEGORY_PICKER_TEXTS.subcategories} de ${option.name}`}
                      value={row.subCategoryIds}
                      onChange={(subCategoryIds) => setRow(index, { ...row, subCategoryIds })}
                    >
                      <Group gap="md" mt={4}>
                        {option.subCategory.map((s) => (
                          <Checkbox key={s.id} value={s.id} label={s.name} />
                        ))}
                      </Group>
                    </Checkbox.Group>
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={!last || last.categoryId === null || rows.length >= options.length}
              onClick={() => change([...rows, emptyCategoryRow()])}
            >
              {CATEGORY_PICKER_TEXTS.add}
            </Button>
          </Group>
        </Stack>
      </Input.Wrapper>
      {tags.length > 0 ? (
        <Checkbox.Group
          label={CATEGORY_PICKER_TEXTS.tags}
          value={[...tagsIds]}
          onChange={(next) => onChange([...rows], next)}
          error={tagsError}
        >
          <Group gap="md" mt={4}>
            {tags.map((t) => (
              <Checkbox key={t.id} value={t.id} label={t.name} />
            ))}
          </Group>
        </Checkbox.Group>
      ) : rows.some((r) => r.categoryId !== null) ? (
        <Text size="sm" c="dimmed">
          {CATEGORY_PICKER_TEXTS.noTags}
        </Text>
      ) : null}
    </Stack>
  );
}

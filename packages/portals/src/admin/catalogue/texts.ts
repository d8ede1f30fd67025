/** The texts of the store catalogue screens (spec 2.2) and their toasts (spec 8), word for word. */

export const STORES_PATH = '/admin/stores';
export const CATEGORIES_PATH = '/admin/store-categories';
export const TAGS_PATH = '/admin/store-tags';
export const storePath = (id: string) => `${STORES_PATH}/${encodeURIComponent(id)}`;
export const categoryEditPath = (id: string) => `${CATEGORIES_PATH}/edit/${encodeURIComponent(id)}`;
export const tagEditPath = (id: string) => `${TAGS_PATH}/edit/${encodeURIComponent(id)}`;

export const STORE_TEXTS = {
  list: 'Lista de Lojas (B2C)',
  add: 'Adicionar Loja',
  categories: 'Categorias',
  tags: 'Tags',
  onlyActive: 'Exibir somente lojas ativas',
  search: 'Nome da loja',
  create: 'Nova loja',
  edit: 'Atualizar loja',
  details: 'Detalhes da loja',
  offerPixDiscount: 'Oferece desconto Pix?',
  archive: 'Arquivar',
  disable: 'Desabilitar',
  enable: 'Habilitar',
  editButton: 'Editar',
} as const;

/**
 * Spec 8's store messages. The spec writes the save failures as 'Incapaz de adicionar a loja (status)' and
 * 'Incapaz de editar a loja (status)' (the banner adds the status), and the toggle's as
 * 'Loja desabilitada/habilitada com sucesso' and 'Ocorreu um erro ao desabilitar/habilitar a loja': each toast
 * shows the word that applies.
 */
export const STORE_MESSAGES = {
  createFailed: 'Incapaz de adicionar a loja',
  editFailed: 'Incapaz de editar a loja',
  created: 'Loja criada com sucesso',
  updated: 'Loja atualizada com sucesso',
  archived: 'Loja arquivada com sucesso',
  archiveFailed: 'Ocorreu um erro ao arquivar a loja',
  disabled: 'Loja desabilitada com sucesso',
  enabled: 'Loja habilitada com sucesso',
  disableFailed: 'Ocorreu um erro ao desabilitar a loja',
  enableFailed: 'Ocorreu um erro ao habilitar a loja',
} as const;

export const CATEGORY_TEXTS = {
  list: 'Categorias',
  onlyActive: 'Exibir somente categorias ativas',
  add: 'Adicionar Categoria',
  create: 'Adicionar categoria',
  saveNew: 'Salvar Categoria',
  edit: 'Editar categoria',
  saveEdit: 'Editar Categoria',
  addSubcategory: 'Adicionar + subcategoria',
  save: 'Salvar',
} as const;

export const CATEGORY_MESSAGES = {
  created: 'Categoria criada com sucesso',
  createFailed: 'Erro ao criar categoria',
  updated: 'Categoria atualizada com sucesso!',
  updateFailed: 'Ocorreu um erro ao atualizar a categoria.',
  subUpdated: 'Subcategoria atualizada com sucesso!',
  subUpdateFailed: 'Ocorreu um erro ao atualizar a subcategoria.',
  subAdded: 'Subcategoria adicionada com sucesso!',
  subAddFailed: 'Ocorreu um erro ao adicionar a subcategoria.',
} as const;

export const TAG_TEXTS = {
  list: 'Tags',
  add: 'Adicionar Tag',
  create: 'Cadastrar Tag',
  edit: 'Editar Tag',
  save: 'Salvar',
} as const;

export const TAG_MESSAGES = {
  created: 'Tags cadastradas com sucesso',
  createFailed: 'Erro ao cadastrar tags',
  updated: 'Tag editada com sucesso!',
  updateFailed: 'Erro ao editar tag!',
  loadFailed: 'Erro ao carregar tags',
} as const;

/** Spec 3's labels. */
export const TAG_TYPE_LABELS = { STYLE: 'Por estilo', MOMENT: 'Por momento', OTHER: 'Outro' } as const;
export const PLATFORM_LABELS = { IOS: 'IOS', ANDROID: 'ANDROID', WEB: 'TODAS' } as const;

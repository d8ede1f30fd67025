/** The promotion screens' paths and spec 8's messages, word for word. */
export const PROMOTIONS_PATH = '/admin/promotions';
export const promotionPath = (id: string) => `${PROMOTIONS_PATH}/${encodeURIComponent(id)}`;

export const PROMOTION_TEXTS = {
  listFailed: 'Ocorreu um erro ao listar as promoções',
  createFailed: 'Ocorreu um erro ao criar as promoções',
  createdWithoutProducts:
    'Promoção criada, mas não foi possível adicionar os produtos, verifique e tente novamente',
  loadFailed: 'Ocorreu um erro ao recuperar a promoção',
  edited: 'Promoção editada com sucesso!',
  editedWithoutImage: 'Dados editados com sucesso, mas não foi possível alterar a imagem',
  editFailed: 'Ocorreu um erro ao editar a promoção',
  productUpdated: 'Produto atualizado com sucesso!',
  /** Also the failure of creating a product (spec 8: 'failure reuses the update message'). */
  productUpdateFailed: 'Ocorreu um erro ao atualizar o produto',
  productRemoved: 'Produto removido com sucesso!',
  productRemoveFailed: 'Não foi possível remover o produto',
  productCreated: 'Produto criado com sucesso',
} as const;

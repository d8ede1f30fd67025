/** Spec 8's texts of the block, whitelist, negotiation list and PGF screens, word for word; the rest is ours. */
export const RISK_TEXTS = {
  block: {
    title: 'Bloquear cliente',
    success: 'Detalhes bloqueados com sucesso',
    failure: 'Ocorreu um erro ao bloquear o usuário',
    unblocked: {
      phones: 'O telefone do cliente foi desbloqueado',
      cpfs: 'O CPF do cliente foi desbloqueado',
      addressCeps: 'O CEP do cliente foi desbloqueado',
    },
    // Spec 8 writes it 'Operação falhada (status)': the HTTP status goes in the parentheses.
    unblockFailure: (status: number) => `Operação falhada (${status})`,
    invalid: 'Existem campos inválidos',
    invalidCpfs: 'Há CPFs inválidos',
    invalidPhones: 'Há telefones inválidos',
    invalidCeps: 'Há CEPs inválidos',
    reasonRequired: 'Selecione o motivo',
    nothing: 'Informe ao menos um CPF, telefone ou CEP',
  },
  /**
   * Spec 8 writes the whitelist toasts as 'Usuários adicionados/removidos a whitelist com sucesso' and
   * 'Não foi possível adicionar/remover os usuários a whitelist': each toast shows the word of its button.
   */
  whitelist: {
    title: 'Whitelist',
    added: 'Usuários adicionados a whitelist com sucesso',
    removed: 'Usuários removidos a whitelist com sucesso',
    addFailure: 'Não foi possível adicionar os usuários a whitelist',
    removeFailure: 'Não foi possível remover os usuários a whitelist',
  },
  /**
   * Spec 8 writes the negotiation list toasts as 'Usuários adicionados/removidos a lista de negociação com sucesso'
   * and 'Ocorreu um erro ao adicionar/remover a lista de negociação': each toast shows the word of its button.
   */
  negotiation: {
    title: 'Lista de negociação',
    added: 'Usuários adicionados a lista de negociação com sucesso',
    removed: 'Usuários removidos a lista de negociação com sucesso',
    addFailure: 'Ocorreu um erro ao adicionar a lista de negociação',
    removeFailure: 'Ocorreu um erro ao remover a lista de negociação',
  },
  pgf: {
    title: 'Baixa Parcela/Pedido (PGF)',
    success: 'Baixa concluída com sucesso',
    notFound: 'Alguns pedidos/parcelas não foram encontradas, confira e tente novamente',
    notFoundOrders: 'Os seguintes pedidos parecem ser inválidos e/ou não existem',
    notFoundInstalments: 'As seguintes parcelas parecem ser inválidos e/ou não existem',
    failure: 'Não foi possível dar baixa nos pedidos/parcelas',
    idsRequired: 'Informe ao menos um id',
  },
  cpfRequired: 'Informe ao menos um CPF',
} as const;

/**
 * A list typed in one field: one value per line, or separated by commas or semicolons; empties dropped (spec 5).
 * Spaces stay inside a value: a phone is typed '+55 (11) 98765-4321'.
 */
export function splitValues(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Ids: any separator, spaces included (spec 5 'ids split by separators, empties dropped'). */
export function splitIds(text: string): string[] {
  return text.split(/[\s,;]+/).filter((s) => s !== '');
}

export const digitsOf = (s: string) => s.replace(/\D/g, '');

// Portuguese words with accents, cedillas and tildes on purpose: case-insensitive and accent
// searches over seeded data must have something to find (and something to miss).

export const FIRST_NAMES = [
  'João', 'José', 'Álvaro', 'Ângela', 'Conceição', 'Márcia', 'Antônio', 'Lúcia', 'Sérgio', 'Fábio',
  'Inês', 'Estêvão', 'Luís', 'Mônica', 'Cíntia', 'Vitória', 'Otávio', 'Célia', 'Glória', 'Flávia',
  'Maria', 'Ana', 'Pedro', 'Paulo', 'Carla', 'Rafael', 'Juliana', 'Bruno', 'Camila', 'Thiago',
  'Beatriz', 'Rodrigo', 'Patrícia', 'Letícia', 'Caio', 'Natália', 'Gustavo', 'Simão', 'Renée', 'Heloísa',
] as const;

export const SURNAMES = [
  'Silva', 'Pereira', 'Conceição', 'Araújo', 'Gonçalves', 'Magalhães', 'Simões', 'Guimarães', 'Assunção',
  'Brandão', 'Falcão', 'Galvão', 'Romão', 'Custódio', 'Lopes', 'Souza', 'Oliveira', 'Santos', 'Ferreira',
  'Rodrigues', 'Almeida', 'Nascimento', 'Lima', 'Carvalho', 'Ribeiro', 'Gomes', 'Martins', 'Rocha',
] as const;

export const NAME_PARTICLES = ['da', 'de', 'dos', 'das'] as const;

export const SUBCATEGORIES = {
  promoters: { name: 'Promotores de Loja', checkInCheckOut: true, requiresForm: true },
  replenishment: { name: 'Reposição e Abastecimento', checkInCheckOut: true, requiresForm: false },
  research: { name: 'Pesquisa de Mercado', checkInCheckOut: false, requiresForm: false },
  logistics: { name: 'Logística e Entregas', checkInCheckOut: false, requiresForm: false },
} as const;

/**
 * One main mission per combination of the four flags, indexed by the flags' bits
 * (has_pos 1, has_forms 2, check_in_check_out 4, has_delivery_places 8).
 */
export const MAIN_MISSION_NAMES = [
  'Visita de Relacionamento',
  'Auditoria de Gôndola',
  'Pesquisa de Satisfação',
  'Coleta de Preços e Ruptura',
  'Reposição Noturna',
  'Promoção Verão',
  'Degustação de Café',
  'Merchandising Açougue & Frios',
  'Entrega Expressa',
  'Abastecimento de Geladeiras',
  'Logística Reversa – Devoluções',
  'Distribuição de Material de PDV',
  'Coleta Noturna de Paletes',
  'AÇÃO Dia das Mães',
  'Inventário com Transferência',
  'Operação São João',
] as const;

export const STORE_BANNERS = ['Supermercado Pão Dourado', 'Atacadão São Jorge', 'Drogaria Saúde & Cia', 'Mercado Econômico', 'Hipermercado Açaí', 'Empório Orgânico'] as const;

export const NEIGHBOURHOODS = [
  ['Moema', 'Av. Ibirapuera, 2120'],
  ['Tatuapé', 'Rua Tuiuti, 1450'],
  ['Pinheiros', 'Rua dos Pinheiros, 870'],
  ['Santana', 'Av. Cruzeiro do Sul, 3200'],
  ['Butantã', 'Av. Vital Brasil, 1001'],
  ['Consolação', 'Rua Augusta, 1500'],
  ['São Miguel Paulista', 'Av. Marechal Tito, 4100'],
] as const;

export const DELIVERY_PLACES = [
  ['Centro de Distribuição Guarulhos', 'Rod. Presidente Dutra, km 225 – Guarulhos, SP'],
  ['Padaria São Jorge', 'Rua Vergueiro, 2345 – Vila Mariana, São Paulo, SP'],
  ['Farmácia Popular Butantã', 'Av. Corifeu de Azevedo Marques, 540 – Butantã, São Paulo, SP'],
  ['Depósito Barra Funda', 'Rua do Bosque, 1589 – Barra Funda, São Paulo, SP'],
  ['Açougue Irmãos Simões', 'Rua Cônego Eugênio Leite, 312 – Pinheiros, São Paulo, SP'],
  ['Quitanda Dona Glória', 'Rua Itapura, 77 – Tatuapé, São Paulo, SP'],
  ['Armazém Paraíso', 'Rua Tutóia, 1020 – Paraíso, São Paulo, SP'],
  ['Loja Conceição Calçados', 'Rua Teodoro Sampaio, 1900 – Pinheiros, São Paulo, SP'],
  ['Cooperativa Agrícola Cotia', 'Estrada do Capuava, 3000 – Cotia, SP'],
  ['Posto Avenida Brasília', 'Av. Brasil, 4800 – Jardim Paulista, São Paulo, SP'],
  ['Hortifrúti Santo Amaro', 'Av. Adolfo Pinheiro, 1200 – Santo Amaro, São Paulo, SP'],
  ['Mercadinho São Judas', 'Av. Jabaquara, 2600 – Jabaquara, São Paulo, SP'],
] as const;

type Question = readonly [question: string, kind: 'yesno' | 'count' | 'price' | 'text'];

export const FORMS: readonly { name: string; kind: 'FORM' | 'PDV'; questions: readonly Question[] }[] = [
  {
    name: 'Checklist de Gôndola',
    kind: 'FORM',
    questions: [
      ['A gôndola está completamente abastecida?', 'yesno'],
      ['Quantas frentes o produto possui?', 'count'],
      ['Há etiqueta de preço ausente?', 'yesno'],
      ['Observações sobre a exposição', 'text'],
    ],
  },
  {
    name: 'Pesquisa de Preços',
    kind: 'FORM',
    questions: [
      ['Preço do Café Torrado 500g', 'price'],
      ['Preço do Açúcar Refinado 1kg', 'price'],
      ['O concorrente está em promoção?', 'yesno'],
    ],
  },
  {
    name: 'Avaliação da Loja',
    kind: 'FORM',
    questions: [
      ['A loja estava limpa e organizada?', 'yesno'],
      ['Quantos funcionários atenderam?', 'count'],
      ['O gerente acompanhou a visita?', 'yesno'],
      ['Comentário do gerente', 'text'],
      ['Nota geral da loja (1 a 10)', 'count'],
    ],
  },
  {
    name: 'Relatório de Degustação',
    kind: 'FORM',
    questions: [
      ['Quantas pessoas provaram?', 'count'],
      ['Houve reclamação sobre o sabor?', 'yesno'],
      ['Reação dos clientes', 'text'],
    ],
  },
  {
    name: 'Registro de PDV',
    kind: 'PDV',
    questions: [
      ['Produto exposto no ponto extra?', 'yesno'],
      ['Quantidade entregue', 'count'],
    ],
  },
  {
    name: 'Conferência de Entrega no PDV',
    kind: 'PDV',
    questions: [
      ['Nota fiscal conferida?', 'yesno'],
      ['Avarias encontradas', 'text'],
    ],
  },
];

export const TEXT_ANSWERS = [
  'Produto próximo ao vencimento na última prateleira',
  'Exposição impecável, parabéns à equipe',
  'Falta de reposição no período da manhã',
  'Gerente pediu reforço aos sábados',
  'Etiquetas trocadas na seção de laticínios',
  'Clientes elogiaram o café',
  'Não se aplica',
  'Ponta de gôndola ocupada pelo concorrente',
] as const;

/** root → category → subcategory → [brand →] products: at least three levels above every product. */
export const PRODUCT_TREE: Readonly<Record<string, Readonly<Record<string, readonly (string | readonly [brand: string, products: readonly string[]])[]>>>> = {
  Mercearia: {
    Cafés: ['Café Torrado 500g', 'Café Extraforte 250g', ['Pilão', ['Café Pilão Tradicional 500g', 'Café Pilão Descafeinado 250g']]],
    'Açúcar e Adoçantes': ['Açúcar Refinado 1kg', 'Açúcar Mascavo Orgânico 500g', 'Adoçante Sucralose 75ml'],
    'Grãos e Cereais': ['Feijão Carioca 1kg', 'Arroz Agulhinha 5kg', 'Grão-de-Bico 500g', 'Aveia em Flocos 450g'],
  },
  Bebidas: {
    Refrigerantes: ['Guaraná Antártica 2L', 'Refrigerante de Limão 350ml'],
    Sucos: ['Suco de Maracujá 1L', 'Néctar de Pêssego 1L', ['Del Valle', ['Suco Del Valle Uva 1L', 'Suco Del Valle Caju 1L']]],
    'Águas e Isotônicos': ['Água Mineral sem Gás 1,5L', 'Isotônico Limão 500ml'],
  },
  Laticínios: {
    Queijos: ['Queijo Minas Frescal 500g', 'Requeijão Cremoso 200g', 'Queijo Coalho Espeto 400g'],
    'Leites e Derivados': ['Leite Condensado 395g', 'Creme de Leite 200g', 'Iogurte Natural Integral 170g'],
  },
  Limpeza: {
    'Roupas e Lavanderia': ['Sabão em Pó 1,6kg', 'Amaciante Concentrado 500ml'],
    'Cozinha e Banheiro': ['Detergente Neutro 500ml', 'Água Sanitária 2L', 'Esponja Dupla Face c/ 4'],
  },
  'Higiene e Beleza': {
    'Cuidados com o Cabelo': ['Xampu Anticaspa 400ml', 'Condicionador Hidratação 300ml'],
    'Higiene Bucal': ['Creme Dental Menta 90g', 'Escova Dental Macia'],
  },
  Hortifrúti: {
    Frutas: ['Maçã Fuji kg', 'Banana Nanica kg', 'Mamão Formosa kg', 'Pêssego em Calda 450g'],
    Legumes: ['Abóbora Cabotiá kg', 'Mandioca Descascada 1kg'],
  },
};

export const PRODUCT_ROOT = 'Catálogo Nacional';

export const RATING_MESSAGES = [
  'Ótimo trabalho, muito atencioso!',
  'Chegou um pouco atrasado',
  'Exposição caprichada',
  'Precisa melhorar a comunicação com o gerente',
  'Excelente! Voltaria a contratar',
  null,
  null,
] as const;

export const REQUESTS = [
  'Troca de turno',
  'Reembolso de transporte (ônibus)',
  'Solicito uniforme tamanho G',
  'Pedido de crachá novo',
  'Ajuste de horário por consulta médica',
] as const;

export const CAMPAIGNS = ['Verão 2026', 'Dia das Mães', 'Festa Junina', 'Black Friday', 'Páscoa', 'Volta às Aulas'] as const;

export const PDV_OBSERVATIONS = ['Ponta de gôndola', 'Ilha promocional', 'Check-stand', 'Geladeira de bebidas', 'Display de chão'] as const;

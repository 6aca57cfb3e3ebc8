import { raw } from '@mikro-orm/core';
import { type InferResult, sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { InvalidTransitionError, NotFoundError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import type { Money } from '../../kernel/money.js';
import { readSide } from '../../kernel/reads.js';
import { transition } from '../../kernel/workflow.js';
import { InvestmentProduct, type ProductStatus } from './investment-product.entity.js';
import { INVESTMENT_PRODUCT_WORKFLOW } from './investment-product.workflow.js';
import type { InvestmentProductView } from './investment-products.schemas.js';

const productRows = (em: Source) =>
  db(em)
    .selectFrom('investment_products as ip')
    .select([
      'ip.id',
      'ip.name',
      'ip.risk_level',
      'ip.currency',
      'ip.status',
      'ip.description',
      'ip.created_at',
      'ip.updated_at',
    ])
    .select((eb) => sql<string>`${eb.ref('ip.min_investment_minor')}::text`.as('min_investment_minor'));
type ProductRow = InferResult<ReturnType<typeof productRows>>[number];

export const toInvestmentProductView = (r: ProductRow): InvestmentProductView => ({
  id: r.id,
  name: r.name,
  riskLevel: r.risk_level,
  minInvestment: { amountMinor: Number(r.min_investment_minor), currency: r.currency },
  status: r.status,
  description: r.description,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export interface ProductFilters {
  status?: ProductStatus;
  riskLevel?: number;
}

/** Investment products are platform-wide: every reader sees them all (no data scope). */
export const INVESTMENT_PRODUCT_LIST = defineList({
  name: 'investment-products',
  rows: productRows,
  sortable: ['createdAt', 'name', 'riskLevel'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('ip.created_at'),
    name: sql`lower(${eb.ref('ip.name')})`,
    riskLevel: eb.ref('ip.risk_level'),
    id: eb.ref('ip.id'),
  }),
  changedAt: (eb) => eb.ref('ip.updated_at'),
  scope: 'none',
  search: (eb) => sql<string>`lower(${eb.ref('ip.name')})`,
  filters: {
    status: (eb, status: ProductStatus) => eb('ip.status', '=', status),
    riskLevel: (eb, riskLevel: number) => eb('ip.risk_level', '=', riskLevel),
  } as const,
});

export async function listInvestmentProducts(
  deps: ServiceDeps,
  act: UserAct,
  input: {
    filters: ProductFilters & { q?: string };
    page: Keyset<(typeof INVESTMENT_PRODUCT_LIST.sortable)[number]>;
  },
): Promise<Page<ProductRow>> {
  return listPage(INVESTMENT_PRODUCT_LIST, readSide(deps, act), act.caller.scope, input);
}

const loadView = async (em: Source, id: string) => {
  const row = await productRows(em).where('ip.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('No such investment product');
  return toInvestmentProductView(row);
};

export const getInvestmentProduct = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  loadView(readSide(deps, act), input.id);

export interface CreateInvestmentProductInput {
  name: string;
  riskLevel: number;
  minInvestment: Money;
  description?: string | null;
}

/** Creates a draft product; it is offered once a PATCH activates it. */
export async function createInvestmentProduct(
  deps: ServiceDeps,
  act: UserAct,
  input: CreateInvestmentProductInput,
): Promise<InvestmentProductView> {
  return deps.uow.run(act, async (tx) => {
    const id = uuidv7();
    tx.create(InvestmentProduct, {
      id,
      name: input.name,
      riskLevel: input.riskLevel,
      minInvestmentMinor: input.minInvestment.amountMinor,
      currency: input.minInvestment.currency,
      status: 'draft',
      description: input.description ?? null,
    });
    await tx.flush();
    return {
      result: await loadView(tx, id),
      audit: {
        action: 'investment_product.create',
        subjectType: 'investment_product',
        subjectId: id,
        summary: { name: input.name, riskLevel: input.riskLevel, minInvestment: input.minInvestment },
      },
    };
  });
}

export interface UpdateInvestmentProductInput {
  id: string;
  name?: string;
  riskLevel?: number;
  minInvestment?: Money;
  status?: ProductStatus;
  description?: string | null;
}

/** A product's actions: on any product, answered with the product (every PATCH is `update`, plus the move it asks for). */
const PRODUCT_ACTIONS = defineActions({
  entity: InvestmentProduct,
  subject: 'investment_product',
  what: 'investment product',
  workflow: INVESTMENT_PRODUCT_WORKFLOW,
  within: (_: At<ServiceDeps, UserAct>) => ({}),
  answer: (em, product) => loadView(em, product.id),
});

/** The workflow step that moves a product into `to`; none leads back to draft. */
const STEP_INTO = { active: 'activate', closed: 'close' } as const;

/**
 * PATCH /investment-products/{id}: changes the fields given and, with `status`, takes the step of the
 * workflow table that leads there. A status equal to the current one is no move; a closed product
 * changes no more (422 INVALID_TRANSITION), and no product returns to draft (422, allowed from no state).
 */
export async function updateInvestmentProduct(
  deps: ServiceDeps,
  act: UserAct,
  input: UpdateInvestmentProductInput,
): Promise<InvestmentProductView> {
  const { id, status, ...fields } = input;
  return runStep({ deps, act }, PRODUCT_ACTIONS, { id, action: 'update' }, async (product, tx, { from }) => {
    let step: (typeof STEP_INTO)[keyof typeof STEP_INTO] | undefined;
    if (status !== undefined && status !== from) {
      if (status === 'draft') throw new InvalidTransitionError(from, 'return to draft', [], 'investment product');
      step = STEP_INTO[status];
      product.status = transition(INVESTMENT_PRODUCT_WORKFLOW, step, from);
      if (product.status === 'closed') product.closedAt = raw<Date>('now()');
    }
    const changed: string[] = [];
    if (fields.name !== undefined && fields.name !== product.name) {
      product.name = fields.name;
      changed.push('name');
    }
    if (fields.riskLevel !== undefined && fields.riskLevel !== product.riskLevel) {
      product.riskLevel = fields.riskLevel;
      changed.push('riskLevel');
    }
    if (
      fields.minInvestment !== undefined &&
      (fields.minInvestment.amountMinor !== product.minInvestmentMinor ||
        fields.minInvestment.currency !== product.currency)
    ) {
      product.minInvestmentMinor = fields.minInvestment.amountMinor;
      product.currency = fields.minInvestment.currency;
      changed.push('minInvestment');
    }
    if (fields.description !== undefined && fields.description !== product.description) {
      product.description = fields.description;
      changed.push('description');
    }
    await tx.flush();
    return {
      result: await loadView(tx, id),
      audit: {
        action: INVESTMENT_PRODUCT_WORKFLOW.steps[step ?? 'update'].audit,
        subjectType: 'investment_product',
        subjectId: id,
        summary: {
          ...(step ? { from, to: product.status } : {}),
          changed,
          ...Object.fromEntries(changed.map((k) => [k, fields[k as keyof typeof fields]])),
        },
      },
    };
  });
}

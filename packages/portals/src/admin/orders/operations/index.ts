/**
 * The order details' operations (spec 2.2, 5, 6, 8), one file per slot of `OrderOperationSlots`: the order's refunds,
 * the instalments' single payment and first-date change, each instalment's fee removal, record payment, Pix and
 * payment check, each product's refund and amount update. Their dialogs are fetched when first opened (docs/admin-order-operations-ui.md).
 */
import { createElement } from 'react';
import type { OrderOperationSlots } from '../OrderDetailsPage.tsx';
import { InstalmentOperations } from './InstalmentOperations.tsx';
import { InstalmentsOperations } from './InstalmentsOperations.tsx';
import { OrderOperations } from './OrderOperations.tsx';
import { productOperations } from './ProductOperations.tsx';

export const ORDER_OPERATIONS: OrderOperationSlots = {
  order: (order) => createElement(OrderOperations, { order }),
  instalments: (order) => createElement(InstalmentsOperations, { order }),
  instalment: (order, instalment) => createElement(InstalmentOperations, { order, instalment }),
  product: productOperations,
};

import { totalMismatchMessage, type Order, type PaymentInput } from '@tillbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useState } from 'react';
import { errorMessageOf } from '../../lib/forms.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import { useCreateOrder } from './api.ts';
import { saleInputOf, type CartState } from './cart.ts';

type CheckoutOptions = {
  registerId: number;
  /** Prices on the server differ from the catalogue copy: fetch the changes. */
  onPricesChanged: () => void;
  onCompleted: (order: Order) => void;
};

/** Why the server refused the sale, in the cashier's words. */
function refusalOf(error: unknown): { message: string; isTotalMismatch: boolean } {
  if (isAxiosError<{ message?: string; errors?: Record<string, string[]> }>(error)) {
    if (!error.response) {
      return { message: 'The server cannot be reached. The sale is kept: take the payment again to retry (it will not be charged twice).', isTotalMismatch: false };
    }
    const errors = error.response.data?.errors;
    if (error.response.status === 422 && errors) {
      if (errors.total) return { message: errors.total[0] ?? totalMismatchMessage, isTotalMismatch: true };
      const first = Object.values(errors)[0]?.[0];
      if (first) return { message: first, isTotalMismatch: false };
    }
  }
  return { message: errorMessageOf(error), isTotalMismatch: false };
}

/**
 * Sends the paid sale with the cart's uuid. The uuid stays the same until a new sale starts, so a
 * retry after a lost answer returns the first order instead of making a second one.
 */
export function useCheckout({ registerId, onPricesChanged, onCompleted }: CheckoutOptions) {
  const create = useCreateOrder();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  function complete(state: CartState, total: number, payments: PaymentInput[]) {
    setError(null);
    create.mutate(
      { ...saleInputOf(state), uuid: state.uuid, registerId, payments, total },
      {
        onSuccess: (order) => onCompleted(order),
        onError: (failure) => {
          const refusal = refusalOf(failure);
          if (refusal.isTotalMismatch) {
            onPricesChanged();
            // The shop's tax rounding may have changed as well: read the settings again.
            void client.invalidateQueries({ queryKey: shopSettingsQuery.queryKey });
          }
          setError(refusal.message);
        },
      },
    );
  }

  return { complete, isSubmitting: create.isPending, error, clearError: () => setError(null) };
}

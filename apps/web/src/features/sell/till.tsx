import { giftCardsTotal, type CashboxSession, type Order, type SyncProduct, type SyncVariant } from '@tillbook/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CustomerPicker } from '../../components/customer-picker/customer-picker.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useLatestCallback } from '../../lib/use-latest-callback.ts';
import { useBarcodeScanner } from './barcode-scanner.ts';
import { CartPanel, itemsLabelOf } from './cart-panel.tsx';
import { quantityInputId } from './cart-line-row.tsx';
import { cartReducer, emptyCart, isReadyToPay, itemCountOf, lineKeyOf, lineTitleOf, type CartLine, type CartState } from './cart.ts';
import { useCheckout } from './checkout.ts';
import { DiscountDialog, type DiscountTarget } from './discount-dialog.tsx';
import { useGiftCardSale } from './gift-card-dialog.tsx';
import { HeldSalesDialog } from './held-sales-dialog.tsx';
import { useHeldSales } from './held-sales.ts';
import { useLocalCatalogue } from './local-catalogue.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { useLinePrice } from './price-dialog.tsx';
import { QuantityQuestionDialog, type QuantityQuestion } from './quantity-question.tsx';
import { ProductFinder, type FinderHandle } from './product-finder.tsx';
import { SaleReceipt } from './sale-receipt.tsx';
import { useTillExchange } from './till-exchange.tsx';
import { NoSaleButton } from './no-sale-button.tsx';
import { ShortcutBar, useShortcuts, type Shortcut } from './shortcut-bar.tsx';
import { stockOf, stockRefusalOf } from './stock-label.ts';
import { useRepriceLines } from './use-reprice-lines.ts';
import { usePricedSale } from './use-priced-sale.ts';
import { useSavedCart } from './use-saved-cart.ts';
import { VariantPicker } from './variant-picker.tsx';

type Dialogs = 'none' | 'variant' | 'discount' | 'customer' | 'held' | 'pay' | 'newSale' | 'quantity';

/** The till itself: the product finder, the cart and the sale's dialogs, driven by the scanner and the keys. */
export function Till({ registerId, session, holdsRegister }: { registerId: number; session: CashboxSession; holdsRegister: () => boolean }) {
  const money = useMoney();
  const settings = useShopSettings();
  const catalogueState = useLocalCatalogue(session.outletId);
  const { catalogue, refresh: refreshCatalogue } = catalogueState;
  const held = useHeldSales<CartState>(registerId);
  const [state, dispatch] = useSavedCart(registerId);
  const { loyalty, priced, rewards, pointsTender, storeCreditTender, priceOf } = usePricedSale(state, dispatch, catalogue);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialogs>('none');
  const [variantProduct, setVariantProduct] = useState<SyncProduct | null>(null);
  const [discountTarget, setDiscountTarget] = useState<DiscountTarget | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [quantityQuestion, setQuantityQuestion] = useState<QuantityQuestion | null>(null);
  const linesRef = useRef(state.lines);
  useEffect(() => {
    linesRef.current = state.lines;
  }, [state.lines]);
  const searchRef = useRef<HTMLInputElement>(null);
  const finderRef = useRef<FinderHandle>(null);
  const clearSearch = () => finderRef.current?.clear();
  useRepriceLines(catalogueState, state.lines, dispatch);

  const exchanges = useTillExchange(session, catalogueState);
  const checkout = useCheckout({
    registerId,
    holdsRegister,
    onPricesChanged: catalogueState.refresh,
    onCompleted: (completed) => {
      setDialog('none');
      setOrder(completed);
      exchanges.clear();
      // The sale is stored: the cart (and its saved copy) moves on to a new sale with a new uuid at once.
      dispatch({ type: 'newSale' });
    },
    onSaleIdTaken: () => dispatch({ type: 'renewUuid' }),
    onGiftCardsRefused: (refusals) => dispatch({ type: 'refuseGiftCards', refusals }),
  });

  const closeDialog = useCallback(() => {
    setDialog('none');
    setVariantProduct(null);
    setDiscountTarget(null);
    setQuantityQuestion(null);
    // After the dialog has closed: while it is open the search box is inert, and the control that
    // opened it may be gone ("+ Customer" becomes the customer's name).
    window.setTimeout(() => searchRef.current?.focus(), 0);
  }, []);
  const linePrice = useLinePrice(dispatch, closeDialog);
  const { tillReturn } = exchanges;
  const giftCardSale = useGiftCardSale(state.giftCards, (card) => dispatch({ type: 'addGiftCard', card }));
  // "No sale" asks for a reason (and maybe an approval) in dialogs of its own: the F-keys wait meanwhile.
  const [isNoSaleOpen, setNoSaleOpen] = useState(false);

  const addVariant = useCallback(
    (product: SyncProduct, variant: SyncVariant) => {
      if (!catalogue) return;
      const item = catalogue.saleItemOf(product, variant);
      const stock = stockOf(product, variant);
      // The lines from a ref kept up to date here too: two scans before the next render both count.
      const inCart = linesRef.current.find((line) => line.key === lineKeyOf(item))?.quantity ?? 0;
      const refusal = stockRefusalOf(lineTitleOf(item), stock, inCart + 1, settings.allowNegativeStock);
      if (refusal) {
        // The copy may lag goods just received: the next try sees the outlet's stock of now.
        refreshCatalogue();
        return setNotice(refusal);
      }
      const action = { type: 'add', item, stock } as const;
      linesRef.current = cartReducer({ ...emptyCart(''), lines: linesRef.current }, action).lines;
      dispatch(action);
      setNotice(null);
    },
    [catalogue, refreshCatalogue, dispatch, settings.allowNegativeStock],
  );

  /**
   * A new quantity for a line: refused beyond the stock when the shop does not sell below zero;
   * asked about above the shop's "ask to confirm" figure when typed, or when a step crosses it.
   */
  function changeQuantity(line: CartLine, quantity: number, how: 'typed' | 'step') {
    if (quantity > line.quantity) {
      const title = lineTitleOf(line.item);
      const refusal = stockRefusalOf(title, line.stock, quantity, settings.allowNegativeStock);
      if (refusal) return setNotice(refusal);
      const limit = settings.confirmQuantityAbove;
      if (quantity > limit && (how === 'typed' || line.quantity <= limit)) {
        const asked = priceOf(cartReducer(state, { type: 'setQuantity', key: line.key, quantity }));
        const index = state.lines.findIndex((l) => l.key === line.key);
        setQuantityQuestion({ key: line.key, title, quantity, current: line.quantity, lineTotal: asked.cart.lines[index]?.total ?? 0 });
        return setDialog('quantity');
      }
    }
    setNotice(null);
    dispatch({ type: 'setQuantity', key: line.key, quantity });
  }

  const chooseProduct = useCallback(
    (product: SyncProduct) => {
      const variants = product.variants.filter((v) => v.active);
      if (variants.length === 1) return addVariant(product, variants[0]!);
      setVariantProduct(product);
      setDialog('variant');
    },
    [addVariant],
  );

  const addByCode = useCallback(
    async (code: string): Promise<boolean> => {
      // Answered within the key's own event where the copy can, so the line is drawn in the next
      // frame: a worker's message may be held back until after it (shared-answer.ts).
      const found = catalogue?.findByCodeAtOnce?.(code) ?? (await catalogue?.findByCode(code));
      if (!found) return false;
      addVariant(found.product, found.variant);
      return true;
    },
    [catalogue, addVariant],
  );

  const addScanned = useCallback(
    async (code: string, typed: string) => {
      if (await addByCode(code)) return;
      // A burst that began mid-typing carries only the end of what is in the search box: try it all too.
      if (typed !== code && typed.endsWith(code) && (await addByCode(typed))) return;
      setNotice(`No product has the barcode ${code}.`);
    },
    [addByCode],
  );

  // Scans made before the copy can answer (the first moments of a till opening) are kept, and added
  // in their order once it can: a cashier need not scan again.
  const waitingScans = useRef<string[]>([]);
  useEffect(() => {
    if (!catalogue || waitingScans.current.length === 0) return;
    const codes = waitingScans.current;
    waitingScans.current = [];
    setNotice(null);
    void (async () => {
      for (const code of codes) await addScanned(code, code);
    })();
  }, [catalogue, addScanned]);

  useBarcodeScanner(
    (code) => {
      const typed = searchRef.current?.value.trim() ?? '';
      clearSearch();
      if (catalogue) return void addScanned(code, typed);
      waitingScans.current.push(code);
      setNotice('The catalogue is loading: the scanned item is added as soon as it is in.');
    },
    { enabled: dialog === 'none' && order === null && !linePrice.isOpen && !tillReturn.isOpen && !isNoSaleOpen && !giftCardSale.isOpen },
  );

  // Enter reads the catalogue again rather than the results on screen, which may lag the last keystroke.
  async function enter(query: string) {
    if (!catalogue) return setNotice('The catalogue is still loading: press Enter again in a moment.');
    if (await addByCode(query)) return clearSearch();
    const results = await catalogue.search(query, 2);
    if (results.length === 1) {
      clearSearch();
      return chooseProduct(results[0]!);
    }
    if (results.length === 0) setNotice(`No product has the barcode or SKU ${query}.`);
  }
  const onEnter = useLatestCallback((query: string) => void enter(query));
  const onTyped = useCallback(() => setNotice(null), []);

  // A held sale keeps its reward (priced again on resume) and its gift cards; points as a tender are chosen when paying.
  async function holdSale() {
    if (exchanges.exchange) return setNotice('Complete or cancel the exchange before holding the sale: the returned goods stay with this sale.');
    if (state.lines.length === 0 && state.giftCards.length === 0) return setNotice('There is nothing to hold: the sale is empty.');
    const label = [itemsLabelOf(itemCountOf(state)), state.customer?.name, money.format(priced.cart.total + giftCardsTotal(state.giftCards))].filter(Boolean).join(' · ');
    await held.hold(label, state);
    dispatch({ type: 'newSale' });
    setNotice(`Sale held: ${label}.`);
    closeDialog();
  }

  async function resumeSale(id: string) {
    const sale = await held.take(id);
    if (sale) dispatch({ type: 'resume', state: sale.data });
    setNotice(null);
    closeDialog();
  }

  function startNewSale() {
    dispatch({ type: 'newSale' });
    exchanges.clear();
    setOrder(null);
    setNotice(null);
    checkout.clearError();
    catalogueState.refresh();
    closeDialog();
  }

  const lastLine = state.lines.at(-1);
  const shortcuts: Shortcut[] = [
    { key: 'F2', label: 'Search', run: () => searchRef.current?.focus() },
    { key: 'F4', label: 'Quantity', run: () => lastLine && document.getElementById(quantityInputId(lastLine.key))?.focus(), disabled: !lastLine },
    { key: 'F6', label: 'Discount', run: () => { setDiscountTarget({ kind: 'order', current: state.orderDiscount, base: priced.cart.subtotal - priced.cart.lineDiscountTotal }); setDialog('discount'); }, disabled: !lastLine && !state.orderDiscount },
    { key: 'F7', label: 'Customer', run: () => setDialog('customer') },
    { key: 'F8', label: 'Hold', run: () => void holdSale(), disabled: !lastLine && state.giftCards.length === 0 },
    { key: 'F9', label: 'Pay', run: () => setDialog('pay'), disabled: !isReadyToPay(state, priced) },
    { key: 'F10', label: 'New sale', run: () => (state.lines.length || state.giftCards.length ? setDialog('newSale') : startNewSale()) },
    tillReturn.shortcut,
    giftCardSale.shortcut,
  ];
  useShortcuts(shortcuts, dialog === 'none' && order === null && !linePrice.isOpen && !tillReturn.isOpen && !isNoSaleOpen && !giftCardSale.isOpen);

  if (order) {
    return (
      <div className="h-full overflow-auto p-4">
        <SaleReceipt order={order} onNewSale={startNewSale} />
      </div>
    );
  }

  return (
    <div className="flex h-full min-w-0 flex-col gap-3 p-4">
      <title>{`Sell · ${session.registerName} · Tillbook`}</title>
      <header className="flex flex-col gap-2">
        <div className="flex min-w-0 items-baseline gap-1 text-sm text-gray-600">
          <h1 className="shrink-0 text-lg font-semibold text-gray-900">{session.registerName}</h1>
          <p className="truncate">
            · {session.outletName} · drawer opened by {session.openedByName}
          </p>
        </div>
        <ShortcutBar shortcuts={shortcuts}><NoSaleButton registerSlug={session.registerSlug} onActiveChange={setNoSaleOpen} /></ShortcutBar>
      </header>
      {exchanges.banner}
      {notice && (
        <Alert tone={notice.startsWith('Sale held') ? 'success' : 'warning'} className="py-2">
          {notice}
        </Alert>
      )}
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,3fr)_minmax(21rem,2fr)] gap-4">
        <ProductFinder state={catalogueState} onTyped={onTyped} onEnter={onEnter} onChoose={chooseProduct} searchRef={searchRef} handle={finderRef} />
        <CartPanel
          state={state}
          priced={priced}
          dispatch={dispatch}
          onDiscount={(target) => { setDiscountTarget(target); setDialog('discount'); }}
          onPrice={linePrice.open}
          onCustomer={() => setDialog('customer')}
          onPay={() => setDialog('pay')}
          onQuantity={changeQuantity}
          onQuantityEntered={() => searchRef.current?.focus()}
          rewards={{ loyalty, onTake: rewards.take, isChecking: rewards.isChecking, refusal: rewards.refusal }}
          actions={
            <>
              <Button variant="secondary" className="flex-1 px-2 text-xs" disabled={!lastLine && state.giftCards.length === 0} onClick={() => void holdSale()}>Hold</Button>
              <Button variant="secondary" className="flex-1 px-2 text-xs" onClick={() => setDialog('held')}>Held sales ({held.sales.length})</Button>
              <Button variant="ghost" className="flex-1 px-2 text-xs" onClick={() => (state.lines.length || state.giftCards.length ? setDialog('newSale') : startNewSale())}>New sale</Button>
            </>
          }
        />
      </div>
      <VariantPicker product={dialog === 'variant' ? variantProduct : null} onPick={(product, variant) => { addVariant(product, variant); closeDialog(); }} onClose={closeDialog} />
      <DiscountDialog
        target={dialog === 'discount' ? discountTarget : null}
        hasCoupon={state.coupon !== null}
        onApply={(target, discount) => {
          dispatch(target.kind === 'line' ? { type: 'setLineDiscount', key: target.key, discount } : { type: 'setOrderDiscount', discount });
          closeDialog();
        }}
        onClose={closeDialog}
      />
      <CustomerPicker open={dialog === 'customer'} onPick={(customer) => { dispatch({ type: 'setCustomer', customer }); closeDialog(); }} onClose={closeDialog} />
      <HeldSalesDialog
        open={dialog === 'held'}
        sales={held.sales}
        isCartEmpty={state.lines.length === 0 && state.giftCards.length === 0}
        onResume={(id) => void resumeSale(id)}
        onDiscard={(id) => void held.discard(id)}
        onHoldCurrent={() => void holdSale().then(() => setDialog('held'))}
        onClose={closeDialog}
      />
      <PaymentDialog
        open={dialog === 'pay'}
        total={priced.cart.total}
        points={pointsTender}
        storeCredit={storeCreditTender}
        giftCards={{ sold: state.giftCards, refusals: checkout.giftCardRefusals }}
        exchange={exchanges.payment}
        isSubmitting={checkout.isSubmitting}
        error={checkout.error}
        onCancel={() => { checkout.clearError(); closeDialog(); }}
        onComplete={(payments, points, storeCredit, giftCards) => checkout.complete(state, priced.cart.total, payments, points, storeCredit, giftCards, exchanges.exchange?.input)}
      />
      {linePrice.dialog}
      {tillReturn.dialog}
      {giftCardSale.dialog}
      {checkout.approvalDialog}
      <QuantityQuestionDialog
        question={dialog === 'quantity' ? quantityQuestion : null}
        onConfirm={(question) => {
          dispatch({ type: 'setQuantity', key: question.key, quantity: question.quantity });
          closeDialog();
        }}
        onCancel={closeDialog}
      />
      <ConfirmDialog open={dialog === 'newSale'} title="Clear this sale?" confirmLabel="Clear the sale" onConfirm={startNewSale} onCancel={closeDialog}>
        The {itemCountOf(state)} items on this sale will be removed. Hold the sale instead to finish it later.
      </ConfirmDialog>
    </div>
  );
}

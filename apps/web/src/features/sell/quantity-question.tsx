import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';

/** A quantity above the shop's "ask to confirm" figure, waiting for the cashier's yes. */
export type QuantityQuestion = { key: string; title: string; quantity: number; current: number; lineTotal: number };

type QuantityQuestionDialogProps = { question: QuantityQuestion | null; onConfirm: (question: QuantityQuestion) => void; onCancel: () => void };

/** Asks before a line's quantity goes above the shop's figure, with what the line would come to. */
export function QuantityQuestionDialog({ question, onConfirm, onCancel }: QuantityQuestionDialogProps) {
  const money = useMoney();
  const settings = useShopSettings();
  return (
    <ConfirmDialog
      open={question !== null}
      title={question ? `Sell ${question.quantity} × ${question.title}?` : ''}
      confirmLabel={question ? `Sell ${question.quantity}` : 'Sell'}
      tone="primary"
      onConfirm={() => {
        if (question) onConfirm(question);
        else onCancel();
      }}
      onCancel={onCancel}
    >
      {question && (
        <>
          That is more than {settings.confirmQuantityAbove}, the most this shop sells on one line without asking: the line would come to{' '}
          <strong className="tabular-nums">{money.format(question.lineTotal)}</strong>. Cancel keeps {question.current}.
        </>
      )}
    </ConfirmDialog>
  );
}

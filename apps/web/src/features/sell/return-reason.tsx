import { Field } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

const quickReasons = ['Changed their mind', 'Wrong size', 'Faulty', 'Damaged in transit'];

/** A return's reason: typed, or one of the usual ones with a tap. */
export function ReturnReason({ value, error, onChange }: { value: string; error?: string; onChange: (reason: string) => void }) {
  return (
    <>
      <Field label="Reason" error={error}>
        <Textarea rows={2} maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} />
      </Field>
      <div className="-mt-2 flex flex-wrap gap-1" aria-label="Quick reasons" role="group">
        {quickReasons.map((quick) => (
          <button key={quick} type="button" className="rounded-full border border-gray-200 px-2 py-0.5 text-xs text-gray-700 hover:bg-gray-50" onClick={() => onChange(quick)}>
            {quick}
          </button>
        ))}
      </div>
    </>
  );
}

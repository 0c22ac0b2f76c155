import { rewardKindLabels, type Reward } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { BackLink } from '../../components/back-link.tsx';
import { Form, FormActions, useSaveAndReturn, useSchemaForm } from '../../components/form.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { shopSettingsQuery, useMoney } from '../../lib/shop-settings.ts';
import { useArchiveReward, useReward, useSaveReward } from './api.ts';
import { RewardStateBadge } from './reward-display.tsx';
import { blankReward, rewardFormSchema, toRewardForm, type RewardForm } from './reward-form-model.ts';
import { RewardProductField } from './reward-product-field.tsx';

const kindChoices = [
  { value: 'amount', label: rewardKindLabels.amount, description: 'The same sum off the sale, e.g. 5.00 off.' },
  { value: 'percentage', label: rewardKindLabels.percentage, description: 'A share of the sale, e.g. 10 % off.' },
  { value: 'product', label: rewardKindLabels.product, description: 'One of a chosen product at no charge, e.g. a coffee.' },
] as const;

const back = <BackLink to="/rewards">Rewards</BackLink>;

/** /rewards/new and /rewards/{id}/edit. */
export function RewardFormPage() {
  const rewardId = useRecordId();
  const reward = useReward(rewardId);
  // The amount is typed in the shop's currency: its decimals must be known before the form opens.
  const settings = useQuery(shopSettingsQuery);
  const money = useMoney();
  const title = rewardId === undefined ? 'New reward' : 'Edit reward';
  return (
    <RecordPage id={rewardId} needs={[settings]} back={back} query={reward} title={title}>
      {(record) => <RewardFormView key={rewardId ?? 'new'} record={record} title={title} initial={record ? toRewardForm(record, money) : blankReward} />}
    </RecordPage>
  );
}

type RewardFormViewProps = { record: Reward | undefined; title: string; initial: RewardForm };

function RewardFormView({ record, title, initial }: RewardFormViewProps) {
  const money = useMoney();
  const save = useSaveReward(record?.id);
  const schema = useMemo(() => rewardFormSchema(money), [money]);
  const form = useSchemaForm(schema, { defaultValues: initial });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = useSaveAndReturn(save, { isNew: record === undefined, what: (saved) => `Reward “${saved.name}”`, to: '/rewards' });

  const description = record ? (
    <span className="flex items-center gap-2">
      <RewardStateBadge state={record.state} />
      {record.timesUsed === 0 ? 'Not used yet.' : `Used ${record.timesUsed.toLocaleString()} ${record.timesUsed === 1 ? 'time' : 'times'}.`}
    </span>
  ) : (
    'Something a customer can take for points at the till.'
  );

  return (
    <Page>
      <PageHeader title={title} description={description} back={back} />
      {record?.archived && <ArchivedNotice reward={record} />}
      <Form form={form} onSubmit={submit}>
        <Block title="Reward">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message} hint="As the cashier and the receipt show it, e.g. Free coffee." className="sm:col-span-2">
              <TextInput {...form.register('name')} autoFocus={record === undefined} autoComplete="off" />
            </Field>
            <Controller
              control={form.control}
              name="kind"
              render={({ field, fieldState }) => (
                <ChoiceGroup legend="Type" className="sm:col-span-2" options={kindChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
            {kind === 'amount' && (
              <Field label={`Amount off (${money.currency})`} error={errors.amount?.message} hint={`Taken off the sale, e.g. ${money.toInput(150)}.`}>
                <TextInput {...form.register('amount')} inputMode="decimal" autoComplete="off" placeholder={money.toInput(150)} />
              </Field>
            )}
            {kind === 'percentage' && (
              <Field label="Percentage off (%)" error={errors.rate?.message} hint="Above 0 and at most 100, e.g. 10.">
                <TextInput {...form.register('rate')} inputMode="decimal" autoComplete="off" placeholder="10" />
              </Field>
            )}
            {kind === 'product' && (
              <div className="sm:col-span-2">
                <RewardProductField />
              </div>
            )}
          </div>
        </Block>

        <Block title="Points and dates">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Points needed" error={errors.points?.message} hint="The points the customer gives for it, e.g. 500.">
              <TextInput {...form.register('points')} inputMode="numeric" autoComplete="off" className="w-40" />
            </Field>
            <div className="space-y-1 self-end">
              <Checkbox label="Active" description="An inactive reward is not offered at the till." {...form.register('active')} />
              {errors.active?.message && <p className="text-sm text-red-600">{errors.active.message}</p>}
            </div>
            <Field label="Start date" error={errors.startsOn?.message} hint="Empty: from today on.">
              <TextInput type="date" {...form.register('startsOn')} />
            </Field>
            <Field label="End date" error={errors.endsOn?.message} hint="Empty: no end. It can still be taken on that day.">
              <TextInput type="date" {...form.register('endsOn')} />
            </Field>
          </div>
        </Block>

        <FormActions isPending={save.isPending} cancelTo="/rewards" />
      </Form>
    </Page>
  );
}

/** An archived reward is not offered at the till; Restore offers it again (what was typed in the form stays). */
function ArchivedNotice({ reward }: { reward: Reward }) {
  const archive = useArchiveReward();
  function restore() {
    archive.mutate(
      { id: reward.id, archived: false },
      {
        onSuccess: () => notify.success(`Reward “${reward.name}” restored.`),
        onError: (error) => notify.error(errorMessageOf(error)),
      },
    );
  }
  return (
    <Alert tone="warning" title="This reward is archived." className="mb-6 max-w-3xl">
      <p>The till no longer offers it; the sales that used it keep it in their history.</p>
      <Button variant="secondary" className="mt-3" isBusy={archive.isPending} onClick={restore}>
        Restore
      </Button>
    </Alert>
  );
}
